import { useEffect, useState } from 'react';
import { combineLatest, map } from 'rxjs';
import type { StandingOrder } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';

export interface StandingOrdersView {
  orders: StandingOrder[];
  /** Standing-order changes queued on this device and not yet answered by the server. */
  pending: number;
  loaded: boolean;
}

const EMPTY: StandingOrdersView = { orders: [], pending: 0, loaded: false };
const NAMES = [
  'create_standing_order',
  'set_standing_order_status',
  'skip_standing_order_week',
  'change_standing_order_week',
];

/** The standing orders synced to this device, newest first, and how many changes wait to sync. */
export function useStandingOrders(db: AccountDb | null): StandingOrdersView {
  return useObservable(
    () =>
      db
        ? combineLatest([
            db.standing_orders.find({ sort: [{ start_week: 'asc' }] }).$,
            db.mutations.find({ selector: { name: { $in: NAMES }, status: 'pending' } }).$,
          ]).pipe(
            map(([docs, pending]) => ({
              orders: docs.map((doc) => {
                const { seq: _seq, ...order } = doc.toMutableJSON();
                return order;
              }),
              pending: pending.length,
              loaded: true,
            })),
          )
        : undefined,
    EMPTY,
    [db],
  );
}

/**
 * The weeks standing orders do not deliver (`standing_order.disabled_weeks`), from the server;
 * none while offline (the server still refuses them when the creation syncs).
 */
export function useDisabledWeeks(): ReadonlySet<number> {
  const [weeks, setWeeks] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    let live = true;
    void apiRequest<{ disabled_weeks: number[] }>('/api/standing_order/list_standing_order', {
      method: 'POST',
      body: {},
    }).then((answer) => {
      if (live && answer.success) setWeeks(new Set(answer.data.disabled_weeks));
    });
    return () => {
      live = false;
    };
  }, []);
  return weeks;
}
