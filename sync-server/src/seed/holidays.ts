/**
 * The days the US flower trade plans around, for the `holidays` entity (spec §3). Market holidays
 * (`no_delivery`) close the wholesale market: no deliveries. Demand peaks (`peak`) are ordinary
 * delivery days on which buyers should order early. Dates are computed, not looked up, so any
 * year works.
 */
import { marketToday, type Holiday } from '@stemline/shared';

function eta(year: number, month: number, day: number): number {
  return year * 10_000 + month * 100 + day;
}

/** Day of the week of a date, 0 = Sunday … 6 = Saturday. */
function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The `n`th given weekday of a month (n = 1…4), or the last one when n is -1. */
function nthWeekday(year: number, month: number, dayOfWeek: number, n: number): number {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const back = (weekday(year, month, last) - dayOfWeek + 7) % 7;
    return eta(year, month, last - back);
  }
  const first = (dayOfWeek - weekday(year, month, 1) + 7) % 7;
  return eta(year, month, 1 + first + (n - 1) * 7);
}

/** Easter Sunday (Gregorian; the anonymous "Meeus/Jones/Butcher" algorithm). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return eta(year, month, day);
}

/** The Wednesday of the last full Monday–Sunday week of April. */
function administrativeProfessionalsDay(year: number): number {
  const lastSunday = nthWeekday(year, 4, 0, -1) % 100;
  return eta(year, 4, lastSunday - 4);
}

type Rule = [id: string, name: string, date: (year: number) => number, noDelivery: boolean];

const RULES: readonly Rule[] = [
  ['new-year', "New Year's Day", (y) => eta(y, 1, 1), true],
  ['valentines', "Valentine's Day", (y) => eta(y, 2, 14), false],
  ['womens-day', "International Women's Day", (y) => eta(y, 3, 8), false],
  ['st-patricks', "St. Patrick's Day", (y) => eta(y, 3, 17), false],
  ['easter', 'Easter Sunday', easter, false],
  [
    'admin-professionals',
    "Administrative Professionals' Day",
    administrativeProfessionalsDay,
    false,
  ],
  ['mothers-day', "Mother's Day", (y) => nthWeekday(y, 5, 0, 2), false],
  ['memorial-day', 'Memorial Day', (y) => nthWeekday(y, 5, 1, -1), true],
  ['independence-day', 'Independence Day', (y) => eta(y, 7, 4), true],
  ['labor-day', 'Labor Day', (y) => nthWeekday(y, 9, 1, 1), true],
  ['dia-de-muertos', 'Día de los Muertos', (y) => eta(y, 11, 2), false],
  ['thanksgiving', 'Thanksgiving Day', (y) => nthWeekday(y, 11, 4, 4), true],
  ['christmas-eve', 'Christmas Eve', (y) => eta(y, 12, 24), false],
  ['christmas', 'Christmas Day', (y) => eta(y, 12, 25), true],
];

/** The holidays of each given year, by date. */
export function holidaysOf(years: readonly number[]): Holiday[] {
  return years
    .flatMap((year) =>
      RULES.map(([id, name, date, noDelivery]): Holiday => ({
        key: `hol-${year}-${id}`,
        name,
        date: date(year),
        no_delivery: noDelivery,
        peak: !noDelivery,
      })),
    )
    .sort((a, b) => a.date - b.date || a.key.localeCompare(b.key));
}

/** Years a catalogue starting at `nowMs` needs: this one and the next. */
export function holidayYears(nowMs: number): number[] {
  const year = marketToday(nowMs).year;
  return [year, year + 1];
}
