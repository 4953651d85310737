import {
  deliveryMessages,
  isOrderableDeliveryDate,
  parseEtaDate,
  scheduleMessages,
  weekdayName,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createAddressSchedules } from '../delivery-schedule/address-schedule';
import { createShipTo } from './ship-to';

/** Where boxes go: what the delivery area of an address is read by. */
export interface DeliveryAddress {
  zipcode: string;
  state: string;
}

/**
 * Why boxes cannot go to an address on a day: Stemline does not deliver to its zip at all, or
 * its region has no delivery on that weekday (ISO 1 Monday … 5 Friday).
 */
export type AreaRefusal =
  | { kind: 'zipcode'; zipcode: string }
  | { kind: 'weekday'; zipcode: string; weekday: number; weekdays: readonly number[] };

/** Why checkout or a standing order leaves boxes out, as the reason after a product's name. */
export function areaRefusalReason(refusal: AreaRefusal): string {
  return refusal.kind === 'zipcode'
    ? scheduleMessages.zipcodeNotDelivered(refusal.zipcode)
    : scheduleMessages.noDeliveryThatDay(weekdayName(refusal.weekday), refusal.zipcode);
}

/** What a refused add says: the zip, or the weekday and the days that are delivered. */
function areaRefusalMessage(refusal: AreaRefusal): string {
  return refusal.kind === 'zipcode'
    ? scheduleMessages.notDeliveredTo(refusal.zipcode)
    : scheduleMessages.notDeliveredOn(
        weekdayName(refusal.weekday),
        refusal.zipcode,
        refusal.weekdays.map(weekdayName),
      );
}

/**
 * The delivery dates the server accepts, the one rule every call that takes or orders a delivery
 * date goes through:
 * - the date (`isDeliverable`, shared `isOrderableDeliveryDate`): a real weekday after today at
 *   the market that is not a no-delivery holiday of the catalogue's `holidays` (the days the
 *   arrival calendar shows without arrivals). Adds, box increases, custom boxes, list runs,
 *   re-orders, checkout and the standing-order run apply it.
 * - the address (`areaCheck`): Stemline delivers to its zip, on that weekday, by the region's
 *   schedule (`delivery_schedules`; a zip staff forced for the customer is delivered), as run
 *   `delivery_schedule` answers it and the arrival calendar disables the other days. Adds (and so
 *   list runs and re-orders, line by line), box increases (cart/box-changes.ts), custom boxes,
 *   checkout, a new standing order (its weekday) and the standing-order run apply it.
 * Read inside the caller's transaction.
 */
export function createDeliverableDates(app: Pick<AppContext, 'repos' | 'now'>) {
  const { catalogEntities } = app.repos;
  const schedules = createAddressSchedules(app);
  const shipTo = createShipTo(app.repos.addresses);

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

  /** Whether a cart may take boxes for `etaDate` now, by the server clock (the date alone). */
  async function isDeliverable(etaDate: number): Promise<boolean> {
    return isOrderableDeliveryDate(etaDate, app.now(), await closedDays([etaDate]));
  }

  /**
   * The delivery-area check of one customer's addresses: null when boxes can go to `address` on
   * `etaDate`, else why not. Each address's weekdays are read once per check, since a checkout
   * asks once per line.
   */
  function areaCheck(customerKey: string) {
    const known = new Map<string, Promise<readonly number[]>>();
    return async (address: DeliveryAddress, etaDate: number): Promise<AreaRefusal | null> => {
      const id = `${address.zipcode}|${address.state}`;
      const pending =
        known.get(id) ??
        schedules.weekdaysFor(customerKey, {
          zipcode: address.zipcode,
          state: address.state === '' ? null : address.state,
        });
      known.set(id, pending);
      const weekdays = await pending;
      if (weekdays.length === 0) return { kind: 'zipcode', zipcode: address.zipcode };
      const weekday = parseEtaDate(etaDate)?.dayOfWeek;
      if (weekday === undefined || weekdays.includes(weekday)) return null;
      return { kind: 'weekday', zipcode: address.zipcode, weekday, weekdays };
    };
  }

  /**
   * Why boxes for `etaDate` cannot go to `address` (the address's area alone), in the words the
   * buyer sees; null when they can, or when there is no address yet (a guest who has not given
   * one: no order is placed without one).
   */
  async function outsideArea(
    customerKey: string,
    etaDate: number,
    address: DeliveryAddress | null | undefined,
  ): Promise<string | null> {
    if (!address) return null;
    const refused = await areaCheck(customerKey)(address, etaDate);
    return refused ? areaRefusalMessage(refused) : null;
  }

  /**
   * Why a cart may not take boxes for `etaDate` that ship to `address` (a line's own), else to
   * the address chosen now (else the main one), as a custom box or a box increase does: the date
   * first (`isDeliverable`), then that address's area (`outsideArea`); null when it may.
   */
  async function refusal(
    customerKey: string,
    etaDate: number,
    address?: DeliveryAddress | null,
  ): Promise<string | null> {
    if (!(await isDeliverable(etaDate))) return deliveryMessages.dateNotSelectable;
    return outsideArea(customerKey, etaDate, address ?? (await shipTo.selected(customerKey)));
  }

  return { closedDays, isDeliverable, areaCheck, outsideArea, refusal };
}
