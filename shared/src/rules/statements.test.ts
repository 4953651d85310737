import { describe, expect, it } from 'vitest';
import type { StatementEntry } from '../schemas/account-calls';
import { statementNumber } from './statement-number';
import { buildStatements, dollarsToCents, lastMonths, marketMonth } from './statements';

const at = (iso: string) => Date.parse(iso);
const entry = (
  kind: StatementEntry['kind'],
  iso: string,
  amount: number,
  reference = iso,
): StatementEntry => ({ kind, at: at(iso), reference, amount_cents: amount });

describe('marketMonth', () => {
  it.each([
    ['2026-11-01T03:00:00Z', '2026-10', 'still October 31st in New York'],
    ['2026-11-01T05:00:00Z', '2026-11', 'November 1st in New York'],
    ['2027-01-01T04:59:00Z', '2026-12', 'New Year in London is still December in New York'],
  ])('%s is %s (%s)', (iso, month) => {
    expect(marketMonth(at(iso))).toBe(month);
  });
});

describe('dollarsToCents', () => {
  it.each([
    [12.34, 1234],
    [0.1 + 0.2, 30],
    [1e6, 100_000_000],
    [0, 0],
  ])('%d dollars are %i cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });
});

describe('buildStatements', () => {
  const entries = [
    entry('order', '2026-09-10T15:00:00Z', 50_000, 'PO-1'),
    entry('payment', '2026-10-01T15:00:00Z', -50_000, 'pay-1'),
    entry('order', '2026-10-12T15:00:00Z', 12_345, 'PO-2'),
    entry('credit', '2026-10-20T15:00:00Z', -1_005, 'claim-1'),
    entry('order', '2026-11-02T15:00:00Z', 9_999, 'PO-3'),
  ];

  it('opens each month with what earlier months left owing and closes exactly, newest first', () => {
    const statements = buildStatements(entries, ['2026-10', '2026-11', '2026-09'], 'c-test');
    expect(statements.map((s) => [s.month, s.opening_cents, s.closing_cents])).toEqual([
      ['2026-11', 11_340, 21_339],
      ['2026-10', 50_000, 11_340],
      ['2026-09', 0, 50_000],
    ]);
    expect(statements[1]).toMatchObject({
      charges_cents: 12_345,
      credits_cents: -1_005,
      payments_cents: -50_000,
    });
    expect(statements[1]?.entries.map((e) => e.reference)).toEqual(['pay-1', 'PO-2', 'claim-1']);
    expect(statements[1]?.number).toBe(statementNumber('c-test', '2026-10'));
  });

  it('answers an empty month with its opening balance carried through', () => {
    const [december] = buildStatements(entries, ['2026-12'], 'c-test');
    expect(december).toMatchObject({ opening_cents: 21_339, closing_cents: 21_339, entries: [] });
  });

  it('answers nothing for no months and zeros for no entries', () => {
    expect(buildStatements(entries, [], 'c-test')).toEqual([]);
    expect(buildStatements([], ['2026-11'], 'c-test')[0]).toMatchObject({
      opening_cents: 0,
      closing_cents: 0,
    });
  });
});

describe('lastMonths', () => {
  it('counts back across a year end', () => {
    expect(lastMonths(at('2027-01-15T15:00:00Z'), 3)).toEqual(['2027-01', '2026-12', '2026-11']);
  });
});
