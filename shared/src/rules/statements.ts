import { Temporal } from 'temporal-polyfill';
import { MARKET_TIME_ZONE } from '../constants';
import type { Statement, StatementEntry } from '../schemas/account-calls';
import { statementNumber } from './statement-number';

/** The yyyy-MM month of an instant at the market (America/New_York). */
export function marketMonth(atMs: number): string {
  const date = Temporal.Instant.fromEpochMilliseconds(atMs).toZonedDateTimeISO(MARKET_TIME_ZONE);
  return `${date.year}-${String(date.month).padStart(2, '0')}`;
}

/**
 * Monthly statements from every entry of a customer's account (orders as charges, credits and
 * payments negative), for the `months` asked (yyyy-MM, any order; answered newest first), each
 * numbered for `customerKey`. A month opens
 * with what every earlier entry left owing and closes with that plus its own entries. All in
 * integer cents, so the sums are exact.
 */
export function buildStatements(
  entries: readonly StatementEntry[],
  months: readonly string[],
  customerKey: string,
): Statement[] {
  const sorted = [...entries].sort((a, b) => a.at - b.at || a.reference.localeCompare(b.reference));
  return [...new Set(months)]
    .sort()
    .reverse()
    .map((month) => {
      const before = sorted.filter((entry) => marketMonth(entry.at) < month);
      const inMonth = sorted.filter((entry) => marketMonth(entry.at) === month);
      const sum = (list: readonly StatementEntry[]) =>
        list.reduce((total, entry) => total + entry.amount_cents, 0);
      const of = (kind: StatementEntry['kind']) => sum(inMonth.filter((e) => e.kind === kind));
      const opening = sum(before);
      return {
        month,
        number: statementNumber(customerKey, month),
        opening_cents: opening,
        charges_cents: of('order'),
        credits_cents: of('credit'),
        payments_cents: of('payment'),
        closing_cents: opening + sum(inMonth),
        entries: inMonth,
      };
    });
}

/** The last `count` months up to the month of `nowMs`, newest first (yyyy-MM). */
export function lastMonths(nowMs: number, count: number): string[] {
  const [year = 0, month = 0] = marketMonth(nowMs).split('-').map(Number);
  const first = Temporal.PlainYearMonth.from({ year, month });
  return Array.from({ length: count }, (_, i) => {
    const ym = first.subtract({ months: i });
    return `${ym.year}-${String(ym.month).padStart(2, '0')}`;
  });
}
