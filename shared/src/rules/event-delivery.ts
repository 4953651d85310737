import { Temporal } from 'temporal-polyfill';
import { parseEtaDate, type EtaDate } from '../dates';
import {
  isSelectableDeliveryDate,
  isWeekendAdjacent,
  type DeliveryDateLimits,
} from './delivery-date';
import { scheduleDelivers, type DeliverySchedule } from './delivery-schedule';

/** Flowers should arrive about this many days before the event: open, hydrated, not tired. */
export const EVENT_IDEAL_LEAD_DAYS = 4;
/** Arriving later than this many days before the event leaves too little time to process them. */
export const EVENT_MIN_LEAD_DAYS = 2;
/** Arriving earlier than this many days before the event, the flowers are past their best. */
export const EVENT_MAX_LEAD_DAYS = 7;

/** The delivery calendar an event's date is matched against. */
export interface EventDeliveryCalendar extends DeliveryDateLimits {
  /** The weekdays that deliver to the buyer's address (run `delivery_schedule`), when known. */
  schedule?: Pick<DeliverySchedule, 'weekdays'> | null | undefined;
}

function deliverable(date: Temporal.PlainDate, calendar: EventDeliveryCalendar): boolean {
  return isSelectableDeliveryDate(date, calendar) && scheduleDelivers(date, calendar.schedule);
}

/**
 * The delivery date suggested for an event, working backwards from its date:
 *
 * 1. The days that may be chosen are those from `EVENT_MAX_LEAD_DAYS` (7) to `EVENT_MIN_LEAD_DAYS`
 *    (2) days before the event that the delivery calendar allows: a weekday, not before the
 *    minimum, not disabled (holidays, no arrivals) and delivered to the address (the schedule).
 * 2. Of those, the one nearest `EVENT_IDEAL_LEAD_DAYS` (4) days before the event wins; a tie goes
 *    to the later day (fresher flowers).
 * 3. A Monday is taken only when no other day fits, since its boxes travel over the weekend
 *    (`isWeekendAdjacent`). So a Friday event gets the Tuesday before it.
 * 4. Null when no day fits (the event is too soon, or nothing delivers in that window).
 */
export function suggestEventDeliveryDate(
  eventDate: EtaDate,
  calendar: EventDeliveryCalendar,
): Temporal.PlainDate | null {
  const event = parseEtaDate(eventDate);
  if (!event) return null;
  const candidates: { date: Temporal.PlainDate; distance: number; monday: boolean }[] = [];
  for (let lead = EVENT_MIN_LEAD_DAYS; lead <= EVENT_MAX_LEAD_DAYS; lead += 1) {
    const date = event.subtract({ days: lead });
    if (!deliverable(date, calendar)) continue;
    candidates.push({
      date,
      distance: Math.abs(lead - EVENT_IDEAL_LEAD_DAYS),
      monday: isWeekendAdjacent(date),
    });
  }
  candidates.sort(
    (a, b) =>
      Number(a.monday) - Number(b.monday) ||
      a.distance - b.distance ||
      Temporal.PlainDate.compare(b.date, a.date),
  );
  return candidates[0]?.date ?? null;
}

/** How a delivery date sits against an event: in time, or too late / too early to use. */
export type EventArrival = 'in_time' | 'too_late' | 'too_early';

/**
 * Whether boxes arriving on `arrival` suit an event on `eventDate`: `too_late` when they arrive
 * fewer than `EVENT_MIN_LEAD_DAYS` days before it (or after it), `too_early` when more than
 * `EVENT_MAX_LEAD_DAYS` days before it, otherwise `in_time`. Unreadable dates count as in time.
 */
export function eventArrival(arrival: EtaDate, eventDate: EtaDate): EventArrival {
  const arrives = parseEtaDate(arrival);
  const event = parseEtaDate(eventDate);
  if (!arrives || !event) return 'in_time';
  const lead = arrives.until(event, { largestUnit: 'days' }).days;
  if (lead < EVENT_MIN_LEAD_DAYS) return 'too_late';
  if (lead > EVENT_MAX_LEAD_DAYS) return 'too_early';
  return 'in_time';
}
