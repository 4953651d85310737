import { isOrderableDeliveryDate } from '@stemline/shared';
import type { AppContext } from '../app-context';

/**
 * The delivery dates the server accepts into a cart (`isOrderableDeliveryDate`): a real weekday
 * after today at the market that is not a no-delivery holiday of the catalogue's `holidays` (the
 * days the arrival calendar shows without arrivals). Read inside the caller's transaction.
 */
export function createDeliverableDates(app: Pick<AppContext, 'repos' | 'now'>) {
  const { catalogEntities } = app.repos;

  /** The no-delivery holidays between the earliest and the latest of `etaDates`. */
  async function closedDays(etaDates: Iterable<number>): Promise<Set<number>> {
    const dates = [...etaDates];
    if (dates.length === 0) return new Set();
    const holidays = await catalogEntities.holidays({
      from: Math.min(...dates),
      to: Math.max(...dates),
    });
    return new Set(holidays.filter((h) => h.no_delivery).map((h) => h.date));
  }

  /** Whether a cart may take boxes for `etaDate` now, by the server clock. */
  async function isDeliverable(etaDate: number): Promise<boolean> {
    return isOrderableDeliveryDate(etaDate, app.now(), await closedDays([etaDate]));
  }

  return { closedDays, isDeliverable };
}
