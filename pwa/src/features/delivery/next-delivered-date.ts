import {
  daysScheduleSkips,
  firstSelectableDeliveryDate,
  isSelectableDeliveryDate,
  toEtaDate,
  type DeliveryDay,
  type DeliverySchedule,
  type EtaDate,
} from '@stemline/shared';

/** How far past the chosen date the next delivered day is looked for. */
export const NEXT_DELIVERED_SEARCH_DAYS = 28;

/**
 * The first day after `chosen` (and not before `min`, the first orderable day) that `schedule`
 * delivers on and the calendar offers: a weekday not in `withoutArrivals` (holidays, days nothing
 * arrives), within `NEXT_DELIVERED_SEARCH_DAYS`; null when there is none. The day an address's
 * picker moves a chosen date to when the new address is not delivered on it.
 */
export function nextDeliveredDate(
  chosen: DeliveryDay,
  min: DeliveryDay,
  schedule: Pick<DeliverySchedule, 'weekdays'>,
  withoutArrivals: readonly EtaDate[],
): DeliveryDay | null {
  const after = chosen.add({ days: 1 });
  const from = toEtaDate(after) < toEtaDate(min) ? min : after;
  const to = from.add({ days: NEXT_DELIVERED_SEARCH_DAYS });
  const limits = {
    min: from,
    disabled: [...withoutArrivals, ...daysScheduleSkips(from, to, schedule)],
  };
  const date = firstSelectableDeliveryDate(limits);
  const found =
    isSelectableDeliveryDate(date, limits) &&
    schedule.weekdays.includes(date.dayOfWeek) &&
    toEtaDate(date) <= toEtaDate(to);
  return found ? date : null;
}
