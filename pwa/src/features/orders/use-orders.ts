import { map } from 'rxjs';
import type { Order } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';

export interface OrdersView {
  orders: Order[];
  loaded: boolean;
}

const LOADING: OrdersView = { orders: [], loaded: false };

/** The customer's purchase orders as synced to this device, newest first; works offline. */
export function useOrders(db: AccountDb | null): OrdersView {
  return useObservable(
    () =>
      db?.orders.find({ sort: [{ created_at: 'desc' }] }).$.pipe(
        map((docs) => ({
          orders: docs.map((doc): Order => {
            const { seq: _seq, ...order } = doc.toMutableJSON();
            return { ...order, custom_boxes: order.custom_boxes ?? [] };
          }),
          loaded: true,
        })),
      ),
    LOADING,
    [db],
  );
}
