import { useMemo } from 'react';
import { map } from 'rxjs';
import type { EtaDate } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';
import { useCart } from '../cart/use-cart';

/**
 * The days the buyer already has flowers coming: dates of cart lines (queued ones included) and
 * of order lines not cancelled. Ascending.
 */
export function useBookedDays(db: AccountDb | null): EtaDate[] {
  const cart = useCart(db);
  const orderDates = useObservable(
    () =>
      db?.orders
        .find()
        .$.pipe(
          map((orders) =>
            orders.flatMap((order) =>
              order.status === 'cancelled'
                ? []
                : order.lines
                    .filter((line) => line.status !== 'cancelled')
                    .map((line) => line.eta_date),
            ),
          ),
        ),
    [] as EtaDate[],
    [db],
  );
  return useMemo(
    () =>
      [...new Set([...cart.lines.map((line) => line.eta_date), ...orderDates])].sort(
        (a, b) => a - b,
      ),
    [cart.lines, orderDates],
  );
}
