import { Temporal } from 'temporal-polyfill';

/**
 * The written forms of a delivery date (spec §9): typed and shown as y-MM-dd (`2026-11-30`),
 * sent to calls that take a text date as yyyy/M/d (`2026/11/30`, `2027/1/4`). The URL and the
 * data use the yyyyMMdd number (`toEtaDate` / `parseEtaDate`).
 */
export function formatInputDate(date: Temporal.PlainDate): string {
  return `${date.year}-${pad2(date.month)}-${pad2(date.day)}`;
}

/**
 * The hint under a typed date field, in words rather than a pattern: "Type it as
 * year-month-day, for example 2026-12-05." `example` is a day the field would take.
 */
export function typedDateHint(example: Temporal.PlainDate): string {
  return `Type it as year-month-day, for example ${formatInputDate(example)}.`;
}

/** Reads a typed y-MM-dd date (a 4-digit year); null for anything else or a day that does not exist. */
export function parseInputDate(text: string): Temporal.PlainDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? plainDate(match[1], match[2], match[3]) : null;
}

/** The yyyy/M/d form sent to the server, without leading zeros in month and day. */
export function formatRequestDate(date: Temporal.PlainDate): string {
  return `${date.year}/${date.month}/${date.day}`;
}

/** Reads a yyyy/M/d date (month and day with or without a leading zero); null when not a real day. */
export function parseRequestDate(text: string): Temporal.PlainDate | null {
  const match = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(text);
  return match ? plainDate(match[1], match[2], match[3]) : null;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

function plainDate(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
): Temporal.PlainDate | null {
  try {
    return Temporal.PlainDate.from(
      { year: Number(year), month: Number(month), day: Number(day) },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
}
