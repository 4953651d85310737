/** How a statement's month (yyyy-MM) reads in print and in mail. */

function monthStart(month: string): Date {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1, 1));
}

const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayMonthYear = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-11` → `November 2026`. */
export function statementMonthName(month: string): string {
  return monthYear.format(monthStart(month));
}

/** `2026-11` → `November 1, 2026 to November 30, 2026`: the month's first and last days. */
export function statementPeriod(month: string): string {
  const start = monthStart(month);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  return `${dayMonthYear.format(start)} to ${dayMonthYear.format(end)}`;
}
