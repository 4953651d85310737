import { Temporal } from 'temporal-polyfill';
import { isWeekend, marketToday, parseEtaDate, toEtaDate, type EtaDate } from '../dates';
import { scheduleDelivers, type DeliverySchedule } from './delivery-schedule';

/**
 * One day of the arrival calendar, as `POST /api/availability/delivery_date/{year}/{month}`
 * answers it: boxes can arrive on `date` from the farms of `countries` (empty: nothing arrives).
 */
export interface ArrivalDay {
  date: EtaDate;
  countries: readonly string[];
}

/** A calendar day at the market (America/New_York), as the date rules take and give it. */
export type DeliveryDay = Temporal.PlainDate;

/** The automatic delivery date starts this many days after today at the market (spec §9). */
export const AUTO_DELIVERY_LEAD_DAYS = 8;

/**
 * Saturday, Sunday and Monday. A Monday delivery means the boxes travel over the weekend, so the
 * automatic date never lands on one of these days by itself.
 */
export function isWeekendAdjacent(date: Temporal.PlainDate): boolean {
  return date.dayOfWeek >= 6 || date.dayOfWeek === 1;
}

/** The first day a buyer may order for: the first weekday after today (the server's rule too). */
export function minDeliveryDate(today: Temporal.PlainDate): Temporal.PlainDate {
  let date = today.add({ days: 1 });
  while (isWeekend(date)) date = date.add({ days: 1 });
  return date;
}

/**
 * Whether a cart may hold boxes for `etaDate` at `nowMs`: a real weekday after today at the market
 * that is not one of `closedDays` (the no-delivery holidays). The server applies it to every
 * delivery date it accepts (adds, box increases, custom boxes) and again at checkout; the arrival
 * calendar gives such days no arrivals, so the PWA's calendar disables them too.
 */
export function isOrderableDeliveryDate(
  etaDate: number,
  nowMs: number,
  closedDays: ReadonlySet<number>,
): boolean {
  const date = parseEtaDate(etaDate);
  return (
    date !== null &&
    !isWeekend(date) &&
    toEtaDate(date) > toEtaDate(marketToday(nowMs)) &&
    !closedDays.has(toEtaDate(date))
  );
}

/** What makes a day selectable in the calendar besides being a weekday. */
export interface DeliveryDateLimits {
  /** The earliest selectable day (see `minDeliveryDate`). */
  min: Temporal.PlainDate;
  /** Days nobody can order for (holidays, days nothing arrives), as yyyyMMdd numbers. */
  disabled?: readonly EtaDate[] | undefined;
}

/** Whether a day can be chosen: a weekday, not before the minimum, not in the disabled list. */
export function isSelectableDeliveryDate(
  date: Temporal.PlainDate,
  limits: DeliveryDateLimits,
): boolean {
  if (isWeekend(date)) return false;
  if (Temporal.PlainDate.compare(date, limits.min) < 0) return false;
  return !(limits.disabled ?? []).includes(toEtaDate(date));
}

/** How far past the minimum `firstSelectableDeliveryDate` looks before it gives the minimum back. */
const FIRST_SELECTABLE_HORIZON_DAYS = 62;

/**
 * The first day on or after `limits.min` that can be chosen (isSelectableDeliveryDate): the day a
 * calendar names 'First available date'. The minimum itself when none is found within two months
 * (a `disabled` list covers the months asked for, so days past it count as open).
 */
export function firstSelectableDeliveryDate(limits: DeliveryDateLimits): Temporal.PlainDate {
  for (let offset = 0; offset <= FIRST_SELECTABLE_HORIZON_DAYS; offset += 1) {
    const date = limits.min.add({ days: offset });
    if (isSelectableDeliveryDate(date, limits)) return date;
  }
  return limits.min;
}

/**
 * The automatic delivery date of spec §9, for guests and customers with at most one order:
 *
 * 1. Start `AUTO_DELIVERY_LEAD_DAYS` (8) days after `today`, today being the date in
 *    America/New_York (`marketToday`).
 * 2. If that day is weekend-adjacent (Saturday, Sunday or Monday), move forward to the Tuesday.
 * 3. Then take the first arrival day on or after it that is a weekday, is not in `disabled` and
 *    has at least one country. Days the arrival calendar does not list count as having none.
 * 4. When the arrival calendar is unknown (offline, not loaded) or has no such day, the day of
 *    step 2 stands, so a buyer always gets a date.
 * 5. With the `schedule` of the address the order goes to (run `delivery_schedule`), steps 3
 *    and 4 keep to the weekdays it is delivered on, as the calendar does (a Florida address:
 *    Tuesdays and Thursdays), step 4 taking the first of them on or after the day of step 2. A
 *    schedule with no weekdays (a zip not delivered at all) changes nothing: no day would do.
 */
export function autoDeliveryDate(
  today: Temporal.PlainDate,
  arrivals: readonly ArrivalDay[] = [],
  disabled: readonly EtaDate[] = [],
  schedule: Pick<DeliverySchedule, 'weekdays'> | null = null,
): Temporal.PlainDate {
  const delivered = schedule && schedule.weekdays.length > 0 ? schedule : null;
  let candidate = today.add({ days: AUTO_DELIVERY_LEAD_DAYS });
  while (isWeekendAdjacent(candidate)) candidate = candidate.add({ days: 1 });
  const from = toEtaDate(candidate);
  const firstArrival = arrivals
    .filter((day) => day.date >= from && day.countries.length > 0 && !disabled.includes(day.date))
    .map((day) => parseEtaDate(day.date))
    .filter(
      (date): date is Temporal.PlainDate =>
        date !== null && !isWeekend(date) && scheduleDelivers(date, delivered),
    )
    .sort((a, b) => Temporal.PlainDate.compare(a, b))[0];
  if (firstArrival) return firstArrival;
  while (isWeekend(candidate) || !scheduleDelivers(candidate, delivered))
    candidate = candidate.add({ days: 1 });
  return candidate;
}

/** The Monday of the delivery week `date` falls in (weeks run Monday to Friday). */
export function deliveryWeekStart(date: Temporal.PlainDate): Temporal.PlainDate {
  return date.subtract({ days: date.dayOfWeek - 1 });
}

/** Monday to Friday of the delivery week `date` falls in. */
export function deliveryWeekDays(date: Temporal.PlainDate): Temporal.PlainDate[] {
  const monday = deliveryWeekStart(date);
  return [0, 1, 2, 3, 4].map((days) => monday.add({ days }));
}

/**
 * The day a week pick delivers on: the first selectable day of that week with arrivals, else its
 * first selectable day; null when no day of the week can be chosen.
 */
export function deliveryDayOfWeek(
  date: Temporal.PlainDate,
  limits: DeliveryDateLimits,
  arrivals: readonly ArrivalDay[] = [],
): Temporal.PlainDate | null {
  const selectable = deliveryWeekDays(date).filter((day) => isSelectableDeliveryDate(day, limits));
  const withArrivals = selectable.find((day) =>
    arrivals.some((arrival) => arrival.date === toEtaDate(day) && arrival.countries.length > 0),
  );
  return withArrivals ?? selectable[0] ?? null;
}
