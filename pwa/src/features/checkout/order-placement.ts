import { map, combineLatest } from 'rxjs';
import type { Order, RejectionCode } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';
import { enqueueMutation } from '../../sync/outbox';

/** A queued order: the mutation carrying it and the key the server will give the order. */
export interface Placement {
  orderKey: string;
  mutationId: string;
}

export type PlacementState =
  | { phase: 'waiting' }
  | { phase: 'placed'; order: Order; orders: Order[] }
  | { phase: 'rejected'; code: RejectionCode | undefined; message: string };

const STORAGE_KEY = 'stemline.checkout.placement';

/**
 * Queues `place_order` with a key made here, so the order can be recognised when it comes back
 * through pull — also after a reload, since the placement is remembered for this tab.
 */
export async function enqueuePlaceOrder(db: AccountDb, cardKey: string): Promise<Placement> {
  const orderKey = `o-${crypto.randomUUID()}`;
  const mutationId = await enqueueMutation(db, 'place_order', {
    card_key: cardKey,
    order_key: orderKey,
  });
  const placement = { orderKey, mutationId };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(placement));
  return placement;
}

/** The placement this tab is still waiting on, if any. */
export function rememberedPlacement(): Placement | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<Placement> | null;
    return typeof value?.orderKey === 'string' && typeof value.mutationId === 'string'
      ? { orderKey: value.orderKey, mutationId: value.mutationId }
      : null;
  } catch {
    return null;
  }
}

export function forgetPlacement(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** The server keys the orders of a cart for several addresses `<key>`, `<key>-2`, `<key>-3`… */
const MAX_SPLIT_ORDERS = 20;
function splitOrderKeys(orderKey: string): string[] {
  return [
    orderKey,
    ...Array.from({ length: MAX_SPLIT_ORDERS - 1 }, (_, i) => `${orderKey}-${i + 2}`),
  ];
}

/**
 * What became of a queued order: still waiting (queued offline or being sent), placed (the
 * order document has been pulled, with the other orders of a cart for several addresses), or
 * refused (the mutation came back rejected).
 */
export function usePlacement(
  db: AccountDb | null,
  placement: Placement | null,
): PlacementState | null {
  return useObservable(
    () =>
      db && placement
        ? combineLatest([
            db.orders.find({ selector: { key: { $in: splitOrderKeys(placement.orderKey) } } }).$,
            db.mutations.findOne(placement.mutationId).$,
          ]).pipe(
            map(([docs, mutation]): PlacementState => {
              const keys = splitOrderKeys(placement.orderKey);
              const orders = docs
                .map((doc) => {
                  const { seq: _seq, ...placed } = doc.toMutableJSON();
                  return { ...placed, custom_boxes: placed.custom_boxes ?? [] };
                })
                .sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key));
              const order = orders.find((placed) => placed.key === placement.orderKey);
              if (order) return { phase: 'placed', order, orders };
              if (mutation?.status === 'rejected')
                return { phase: 'rejected', code: mutation.code, message: mutation.message ?? '' };
              return { phase: 'waiting' };
            }),
          )
        : undefined,
    null,
    [db, placement?.orderKey, placement?.mutationId],
  );
}
