/**
 * A yyyyMMdd delivery date read and labelled without Temporal: the catalogue's first screen
 * checks and labels its URL's date before the date rules (dates.ts, temporal-polyfill) load.
 * Agrees with `parseEtaDate` on which values are real calendar dates.
 */
import type { EtaDate } from './dates';

/** The calendar day a yyyyMMdd value names as a UTC `Date`, or null when there is none. */
function etaDateUtc(value: number | string): Date | null {
  const text = String(value);
  if (!/^\d{8}$/.test(text)) return null;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(4, 6));
  const day = Number(text.slice(6, 8));
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: it reads years 0–99 as they are, not as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date
    : null;
}

/** Whether a yyyyMMdd number or string is a real calendar date (as `parseEtaDate` accepts). */
export function isEtaDate(value: number | string): boolean {
  return etaDateUtc(value) !== null;
}

/**
 * One formatter for every date label: `PlainDate.toLocaleString` builds a new one per call (in
 * Node, 65–78 µs a label against 1–2 µs this way), paid by every cart group, order line and the
 * delivery bar, which renders again on every URL change.
 */
const etaDateLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Mon, Nov 30' style label for a yyyyMMdd date, in English. */
export function formatEtaDate(value: EtaDate): string {
  const date = etaDateUtc(value);
  return date ? etaDateLabel.format(date) : String(value);
}
