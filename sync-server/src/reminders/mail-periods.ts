import { marketToday } from '@stemline/shared';

/**
 * The ISO week of `nowMs` at the market (New York), e.g. `2026-W47`: the period of a weekly
 * statement mail. ISO weeks start on Monday and week 1 holds the year's first Thursday, so the
 * days around New Year belong to one week, whichever calendar year they fall in.
 */
export function marketWeekPeriod(nowMs: number): string {
  const day = marketToday(nowMs);
  return `${day.yearOfWeek ?? day.year}-W${String(day.weekOfYear ?? 1).padStart(2, '0')}`;
}

/** The market day of `nowMs`, e.g. `2026-11-18`: the period of a cart reminder. */
export function marketDayPeriod(nowMs: number): string {
  return marketToday(nowMs).toString();
}
