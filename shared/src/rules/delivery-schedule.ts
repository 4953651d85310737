import { Temporal } from 'temporal-polyfill';
import { toEtaDate, type EtaDate } from '../dates';

/** ISO weekday numbers, Monday 1 to Friday 5: the days of the delivery week (spec §9). */
export const DELIVERY_WEEKDAYS = [1, 2, 3, 4, 5] as const;

/**
 * Which weekdays deliver to one address, and the order cut-off (America/New_York, `HH:mm`) on the
 * day before each, as run `delivery_schedule` answers it. Seeded per state or zip prefix on the
 * server (sync-server/src/delivery-schedule/).
 */
export interface DeliverySchedule {
  /** The zip code the schedule was chosen for. */
  zipcode: string;
  /** What the schedule is set by: a zip prefix ('100') or a state ('NY'). */
  region: string;
  /** ISO weekdays (1 Monday … 5 Friday) with a delivery to this address. */
  weekdays: readonly number[];
  /** Orders for a day close at this time the day before, in New York. */
  cutoff: string;
}

const WEEKDAY_NAMES = [
  '',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** 'Monday' … 'Sunday' for an ISO weekday number. */
export function weekdayName(isoWeekday: number): string {
  return WEEKDAY_NAMES[isoWeekday] ?? '';
}

/**
 * Whether the schedule delivers on `date`. No schedule (not loaded, offline, no address) blocks
 * nothing: the server still checks the day when the order is placed.
 */
export function scheduleDelivers(
  date: Temporal.PlainDate,
  schedule: Pick<DeliverySchedule, 'weekdays'> | null | undefined,
): boolean {
  return !schedule || schedule.weekdays.includes(date.dayOfWeek);
}

/**
 * The weekdays from `from` to `to` (both included) that the schedule does not deliver on, as
 * yyyyMMdd numbers: what a calendar adds to its disabled days. None without a schedule.
 */
export function daysScheduleSkips(
  from: Temporal.PlainDate,
  to: Temporal.PlainDate,
  schedule: Pick<DeliverySchedule, 'weekdays'> | null | undefined,
): EtaDate[] {
  if (!schedule) return [];
  const skipped: EtaDate[] = [];
  for (let day = from; Temporal.PlainDate.compare(day, to) <= 0; day = day.add({ days: 1 })) {
    if (day.dayOfWeek <= 5 && !schedule.weekdays.includes(day.dayOfWeek))
      skipped.push(toEtaDate(day));
  }
  return skipped;
}

/** The weekdays (Monday to Friday) a schedule does not deliver on, e.g. [1, 3, 5]. */
export function weekdaysSkipped(schedule: Pick<DeliverySchedule, 'weekdays'>): number[] {
  return DELIVERY_WEEKDAYS.filter((day) => !schedule.weekdays.includes(day));
}
