import { describe, expect, it } from 'vitest';
import type { Order } from '../schemas/orders';
import { cancelOrderLines } from './checkout';
import {
  claimCreditCapCents,
  creditReturnedCents,
  creditToApplyCents,
  withCreditApplied,
} from './credits';

describe('creditToApplyCents', () => {
  it.each([
    ['a balance below the total: all of it', 1234, 5678, 1234],
    ['a balance above the total: the total', 10_000, 5678, 5678],
    ['exactly the total', 5678, 5678, 5678],
    ['no balance', 0, 5678, 0],
    ['a negative balance (never happens): nothing', -500, 5678, 0],
    ['a zero total', 1000, 0, 0],
    ['a negative total (never happens): nothing', 1000, -300, 0],
    ['a fractional balance: whole cents only', 100.9, 5678, 100],
  ])('%s', (_name, balance, total, expected) => {
    expect(creditToApplyCents(balance, total)).toBe(expected);
  });
});

describe('withCreditApplied', () => {
  it.each([
    [
      'takes the credit off, exact to the cent',
      5678,
      1234,
      { credit_applied_cents: 1234, total_cents: 4444 },
    ],
    [
      '30 cents less 10 is 20 (in dollars 0.3 − 0.1 drifts)',
      30,
      10,
      { credit_applied_cents: 10, total_cents: 20 },
    ],
    [
      'a credit larger than the total is cut to it',
      2000,
      5000,
      { credit_applied_cents: 2000, total_cents: 0 },
    ],
    ['a negative credit takes nothing', 2000, -700, { credit_applied_cents: 0, total_cents: 2000 }],
    ['no credit', 2000, 0, { credit_applied_cents: 0, total_cents: 2000 }],
  ])('%s', (_name, total, credit, expected) => {
    expect(withCreditApplied({ subtotal_cents: total, total_cents: total }, credit)).toEqual({
      subtotal_cents: total,
      ...expected,
    });
  });
});

describe('creditReturnedCents', () => {
  it.each([
    ['the credit shrank', { credit_applied_cents: 1234 }, { credit_applied_cents: 210 }, 1024],
    ['the credit stayed', { credit_applied_cents: 1234 }, { credit_applied_cents: 1234 }, 0],
    ['an order from before credits', {}, {}, 0],
    [
      'it cannot grow back from a cancellation',
      { credit_applied_cents: 100 },
      { credit_applied_cents: 300 },
      0,
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(creditReturnedCents(before, after)).toBe(expected);
  });
});

describe('cancelOrderLines with a credit on the order', () => {
  const line = (line_no: number, total_cents: number) =>
    ({ line_no, total_cents, status: 'placed', cancelled_at: null }) as Order['lines'][number];
  const order = {
    key: 'o-1',
    number: 'PO-1',
    status: 'placed',
    lines: [line(1, 3000), line(2, 2000)],
    custom_boxes: [],
    subtotal_cents: 5000,
    discount_rate: 0,
    discount_cents: 0,
    credit_applied_cents: 2500,
    total_cents: 2500,
  } as unknown as Order;

  it('keeps the credit while the order still costs more than it', () => {
    const after = cancelOrderLines(order, new Set([2]), 1);
    expect(after).toMatchObject({
      subtotal_cents: 3000,
      credit_applied_cents: 2500,
      total_cents: 500,
    });
    expect(creditReturnedCents(order, after)).toBe(0);
  });

  it('cuts the credit to the new total, and the rest goes back', () => {
    const after = cancelOrderLines(order, new Set([1]), 1);
    expect(after).toMatchObject({
      subtotal_cents: 2000,
      credit_applied_cents: 2000,
      total_cents: 0,
    });
    expect(creditReturnedCents(order, after)).toBe(500);
  });

  it('a cancelled order keeps no credit: all of it goes back', () => {
    const after = cancelOrderLines(order, new Set([1, 2]), 1);
    expect(after).toMatchObject({ status: 'cancelled', credit_applied_cents: 0, total_cents: 0 });
    expect(creditReturnedCents(order, after)).toBe(2500);
  });
});

describe('claimCreditCapCents: the most a claim can be credited', () => {
  it.each([
    ['one line: 5 units at $1.23', [{ units_to_be_claimed: 5, unit_price_cents: 123 }], 615],
    [
      'two lines, each units × whole cents',
      [
        { units_to_be_claimed: 10, unit_price_cents: 10 },
        { units_to_be_claimed: 7, unit_price_cents: 402 },
      ],
      100 + 2814,
    ],
    [
      '2,000 lines of 3 stems at $0.10: exactly $600.00 (in dollars the sum drifts)',
      Array.from({ length: 2000 }, () => ({ units_to_be_claimed: 3, unit_price_cents: 10 })),
      60_000,
    ],
    ['no lines', [], 0],
  ])('%s', (_, items, cents) => {
    expect(claimCreditCapCents(items)).toBe(cents);
  });
});
