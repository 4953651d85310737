import { Temporal } from 'temporal-polyfill';
import { MARKET_TIME_ZONE } from './constants';

/** A delivery date as the spec writes it in data: the number yyyyMMdd, e.g. 20261130. */
export type EtaDate = number;

/** Converts a calendar date to its yyyyMMdd number. */
export function toEtaDate(date: Temporal.PlainDate): EtaDate {
  return date.year * 10_000 + date.month * 100 + date.day;
}

/** Parses a yyyyMMdd number or string; returns null when it is not a real calendar date. */
export function parseEtaDate(value: number | string): Temporal.PlainDate | null {
  const text = String(value);
  if (!/^\d{8}$/.test(text)) return null;
  // Every cart call parses its date twice (schema, rule): a PlainDate is immutable, so share it.
  const known = parsedEtaDates.get(text);
  if (known !== undefined) return known;
  let date: Temporal.PlainDate | null;
  try {
    date = Temporal.PlainDate.from(
      {
        year: Number(text.slice(0, 4)),
        month: Number(text.slice(4, 6)),
        day: Number(text.slice(6, 8)),
      },
      { overflow: 'reject' },
    );
  } catch {
    date = null;
  }
  if (parsedEtaDates.size >= PARSED_ETA_DATES_KEPT) parsedEtaDates.clear();
  parsedEtaDates.set(text, date);
  return date;
}

/** Bounded, so hostile input cannot grow it; a few dozen delivery dates are live at a time. */
const PARSED_ETA_DATES_KEPT = 512;
const parsedEtaDates = new Map<string, Temporal.PlainDate | null>();

/** Today's calendar date at the market (America/New_York), for a clock reading in epoch ms. */
export function marketToday(nowMs: number): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(nowMs)
    .toZonedDateTimeISO(MARKET_TIME_ZONE)
    .toPlainDate();
}

/** Saturday and Sunday are never delivery days. */
export function isWeekend(date: Temporal.PlainDate): boolean {
  return date.dayOfWeek >= 6;
}

/** The next `count` weekdays strictly after `from`. */
export function nextWeekdays(from: Temporal.PlainDate, count: number): Temporal.PlainDate[] {
  const days: Temporal.PlainDate[] = [];
  let day = from;
  while (days.length < count) {
    day = day.add({ days: 1 });
    if (!isWeekend(day)) days.push(day);
  }
  return days;
}
