import { describe, expect, it } from 'vitest';
import type { StatementEntry } from '../schemas/account-calls';
import { statementNumber } from './statement-number';
import { orderLineCents, orderTotals } from './checkout';
import { orderLine } from './order-fixture';
import { buildStatements, lastMonths, marketMonth } from './statements';

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

describe('a statement of thousands of lines', () => {
  // 3,000 order lines of one month at prices that drift in binary as dollars ($0.10, $0.35,
  // $4.02 a unit), two claim credits and a payment: every figure is an exact integer.
  const units = [1, 3, 7, 11];
  const unitPrices = [10, 35, 402, 129];
  const lines = Array.from({ length: 3000 }, (_, i) =>
    orderLine({
      line_no: i + 1,
      boxes: 1 + (i % 3),
      uom: 'bunch',
      bunches_in_box: units[i % units.length] ?? 1,
      stem_price_cents: unitPrices[i % unitPrices.length] ?? 1,
    }),
  ).map((line) => ({ ...line, total_cents: orderLineCents(line) }));
  // Each order holds 30 lines; the referral discount rounds once per order.
  const orders = Array.from({ length: 100 }, (_, i) => {
    const own = lines.slice(i * 30, i * 30 + 30);
    return { reference: `PO-${i}`, ...orderTotals(own, i === 0 ? 0.15 : 0) };
  });
  const entries: StatementEntry[] = [
    ...orders.map((order, i) => ({
      kind: 'order' as const,
      at: at('2026-10-02T15:00:00Z') + i * 60_000,
      reference: order.reference,
      amount_cents: order.total_cents,
    })),
    entry('credit', '2026-10-20T15:00:00Z', -1_005, 'claim-1'),
    entry('credit', '2026-10-21T15:00:00Z', -33, 'claim-2'),
    entry('payment', '2026-10-30T15:00:00Z', -250_000, 'pay-1'),
  ];

  it('adds up to the cent: charges are the lines less the one discount, closing the sum of all', () => {
    const lineSum = lines.reduce((sum, line) => sum + line.total_cents, 0);
    const discount = orders[0]?.discount_cents ?? 0;
    const [october] = buildStatements(entries, ['2026-10'], 'c-test');
    expect(october?.charges_cents).toBe(lineSum - discount);
    expect(october?.credits_cents).toBe(-1_038);
    expect(october?.payments_cents).toBe(-250_000);
    expect(october?.closing_cents).toBe(lineSum - discount - 1_038 - 250_000);
    expect(Number.isInteger(october?.closing_cents)).toBe(true);
    // The same lines summed as dollars, as the stored REALs were, drift off the cent.
    const asDollars = lines.reduce((sum, line) => sum + line.total_cents / 100, 0);
    expect(asDollars * 100).not.toBe(lineSum);
  });

  it('carries the month to the next as its opening, to the cent', () => {
    const [november, october] = buildStatements(entries, ['2026-10', '2026-11'], 'c-test');
    expect(november?.opening_cents).toBe(october?.closing_cents);
  });
});

describe('lastMonths', () => {
  it('counts back across a year end', () => {
    expect(lastMonths(at('2027-01-15T15:00:00Z'), 3)).toEqual(['2027-01', '2026-12', '2026-11']);
  });
});
