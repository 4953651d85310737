import {
  marketToday,
  minDeliveryDate,
  parseEtaDate,
  scheduleDelivers,
  toEtaDate,
  type ActualAddress,
  type DeliverySchedule,
  type EtaDate,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import {
  daysWithoutArrivals,
  loadAvailabilityMonth,
  loadDeliverySchedule,
  monthsSpanning,
} from './availability';
import { NEXT_DELIVERED_SEARCH_DAYS, nextDeliveredDate } from './next-delivered-date';

/** What becomes of the chosen delivery date when the order goes to another address. */
export type DateForAddress =
  /** Delivered there that day (or no day chosen), or not known offline: adds are still checked. */
  | { kind: 'delivered' }
  /** Stemline does not deliver to the address's zip at all: no day would do. */
  | { kind: 'zipcode'; zipcode: string }
  /** Not that weekday: `date` is the next day delivered there (`nextDeliveredDate`). */
  | { kind: 'moved'; schedule: DeliverySchedule; date: EtaDate }
  /** Not that weekday, and no day delivered there is open in the coming weeks. */
  | { kind: 'none'; schedule: DeliverySchedule };

/**
 * Whether boxes for `chosen` (none: the zip alone) can go to `address` by its region's delivery
 * schedule (run `delivery_schedule`, the rule of the server's adds), and if not, the day to move
 * to, read against the arrival calendar as the calendar modal offers days.
 */
export async function dateForAddress(
  address: Pick<ActualAddress, 'zipcode' | 'state'>,
  chosen: EtaDate | null,
): Promise<DateForAddress> {
  const schedule = await loadDeliverySchedule(address.zipcode, address.state);
  if (!schedule) return { kind: 'delivered' };
  if (schedule.weekdays.length === 0) return { kind: 'zipcode', zipcode: schedule.zipcode };
  const day = chosen === null ? null : parseEtaDate(chosen);
  if (!day || scheduleDelivers(day, schedule)) return { kind: 'delivered' };
  const min = minDeliveryDate(marketToday(serverClock.now()));
  const from = toEtaDate(day) < toEtaDate(min) ? min : day;
  const months = monthsSpanning(toEtaDate(from), NEXT_DELIVERED_SEARCH_DAYS + 1);
  const items = (await Promise.all(months.map(loadAvailabilityMonth))).flatMap((i) => i ?? []);
  const next = nextDeliveredDate(day, min, schedule, daysWithoutArrivals(items));
  return next ? { kind: 'moved', schedule, date: toEtaDate(next) } : { kind: 'none', schedule };
}
