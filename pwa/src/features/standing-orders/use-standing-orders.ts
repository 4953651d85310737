import { useEffect, useState } from 'react';
import { combineLatest, map } from 'rxjs';
import {
  mutationNamesAbout,
  overlayStandingOrders,
  standingClosuresSchema,
  type StandingClosureSets,
  type VisibleStandingOrder,
} from '@stemline/shared';
import { apiRequest } from '../../api/client';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';

export interface StandingOrdersView {
  orders: VisibleStandingOrder[];
  /** Standing-order changes queued on this device and not yet answered by the server. */
  pending: number;
  loaded: boolean;
}

const EMPTY: StandingOrdersView = { orders: [], pending: 0, loaded: false };
// Every change about standing orders, as the shared subjects table says: a list of its own
// here left out the card a standing order is charged to (`set_standing_order_card`).
const NAMES = mutationNamesAbout('standing_orders');

/**
 * The standing orders on this device, by first week, with changes queued offline shown at once,
 * and how many changes wait to sync.
 */
export function useStandingOrders(db: AccountDb | null): StandingOrdersView {
  return useObservable(
    () =>
      db
        ? combineLatest([
            db.standing_orders.find().$,
            db.mutations.find({ selector: { name: { $in: NAMES } } }).$,
            db.sync_state.findOne('standing_orders').$,
          ]).pipe(
            map(([docs, mutations, state]) => ({
              // The pulled orders with the queued changes over them, by the server's rules.
              orders: overlayStandingOrders(
                docs.map((doc) => {
                  const order = doc.toMutableJSON();
                  // Documents pulled before standing custom boxes came have none.
                  return { ...order, custom_boxes: order.custom_boxes ?? [] };
                }),
                mutations.map((doc) => doc.toMutableJSON()),
                state?.checkpoint ?? 0,
              ),
              pending: mutations.filter((doc) => doc.status === 'pending').length,
              loaded: true,
            })),
          )
        : undefined,
    EMPTY,
    [db],
  );
}

const NO_CLOSURES: StandingClosureSets = { weeks: new Set(), days: new Map() };

/**
 * What closes standing-order deliveries, from the server: the weeks standing orders do not
 * deliver (`standing_order.disabled_weeks`) and the coming no-delivery holidays. None while
 * offline (the server still refuses a closed week when the creation syncs, and its run makes no
 * order on a holiday).
 */
export function useStandingClosures(): StandingClosureSets {
  const [closures, setClosures] = useState<StandingClosureSets>(NO_CLOSURES);
  useEffect(() => {
    let live = true;
    void apiRequest<unknown>('/api/standing_order/list_standing_order', {
      method: 'POST',
      body: {},
    }).then((answer) => {
      if (!live || !answer.success) return;
      const parsed = standingClosuresSchema.safeParse(answer.data);
      if (!parsed.success) return;
      setClosures({
        weeks: new Set(parsed.data.disabled_weeks),
        days: new Map(parsed.data.closed_days.map((day) => [day.date, day.name])),
      });
    });
    return () => {
      live = false;
    };
  }, []);
  return closures;
}
