import { formatEtaDate, marketToday, mondayOf, toEtaDate, weekProblem } from '@stemline/shared';
import { serverClock } from '../../api/server-clock';

/** The Mondays of the next `count` weeks after this one (weeks start on Monday). */
export function comingMondays(count: number): number[] {
  const today = marketToday(serverClock.now());
  const monday = today.subtract({ days: today.dayOfWeek - 1 });
  return Array.from({ length: count }, (_, index) => toEtaDate(monday.add({ weeks: index + 1 })));
}

/** How a week is named in the week picker. */
export function weekLabel(monday: number): string {
  return `Week of ${formatEtaDate(mondayOf(monday))}`;
}

/**
 * The weeks among `weeks` the picker must not offer for a delivery weekday: the disabled weeks,
 * and those whose cut-off has come by the server's clock (the same rule the server checks).
 */
export function unpickableWeeks(
  weeks: readonly number[],
  disabledWeeks: ReadonlySet<number>,
  deliveryWeekday: number,
): number[] {
  const today = toEtaDate(marketToday(serverClock.now()));
  return weeks.filter((week) => weekProblem(week, today, disabledWeeks, deliveryWeekday) !== null);
}
