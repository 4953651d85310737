import { describe, expect, it } from 'vitest';
import type { Order } from '../schemas/orders';
import { cancelOrderLines } from './checkout';
import {
  claimCreditCapCents,
  creditCents,
  creditReturnedCents,
  creditToApplyCents,
  withCreditApplied,
} from './credits';

describe('creditCents', () => {
  it.each([
    ['a whole amount', 12.5, 1250],
    ['a half cent, rounded up once', 10.005, 1001],
    ['an amount that drifts in binary', 4.015, 402],
    ['less than half a cent', 0.004, null],
    ['zero', 0, null],
    ['a negative credit', -5, null],
    ['not a number', Number.NaN, null],
    ['infinity', Number.POSITIVE_INFINITY, null],
  ])('%s', (_name, amount, expected) => {
    expect(creditCents(amount)).toBe(expected);
  });
});

describe('creditToApplyCents', () => {
  it.each([
    ['a balance below the total: all of it', 1234, 56.78, 1234],
    ['a balance above the total: the total', 10_000, 56.78, 5678],
    ['exactly the total', 5678, 56.78, 5678],
    ['no balance', 0, 56.78, 0],
    ['a negative balance (never happens): nothing', -500, 56.78, 0],
    ['a zero total', 1000, 0, 0],
    ['a negative total (never happens): nothing', 1000, -3, 0],
    ['a fractional balance: whole cents only', 100.9, 56.78, 100],
  ])('%s', (_name, balance, total, expected) => {
    expect(creditToApplyCents(balance, total)).toBe(expected);
  });
});

describe('withCreditApplied', () => {
  it.each([
    [
      'takes the credit off, exact to the cent',
      56.78,
      1234,
      { credit_applied: 12.34, total: 44.44 },
    ],
    ['0.1 + 0.2 style drift does not show', 0.3, 10, { credit_applied: 0.1, total: 0.2 }],
    ['a credit larger than the total is cut to it', 20, 5000, { credit_applied: 20, total: 0 }],
    ['a negative credit takes nothing', 20, -700, { credit_applied: 0, total: 20 }],
    ['no credit', 20, 0, { credit_applied: 0, total: 20 }],
  ])('%s', (_name, total, credit, expected) => {
    expect(withCreditApplied({ subtotal: total, total }, credit)).toEqual({
      subtotal: total,
      ...expected,
    });
  });
});

describe('creditReturnedCents', () => {
  it.each([
    ['the credit shrank', { credit_applied: 12.34 }, { credit_applied: 2.1 }, 1024],
    ['the credit stayed', { credit_applied: 12.34 }, { credit_applied: 12.34 }, 0],
    ['an order from before credits', {}, {}, 0],
    ['it cannot grow back from a cancellation', { credit_applied: 1 }, { credit_applied: 3 }, 0],
  ])('%s', (_name, before, after, expected) => {
    expect(creditReturnedCents(before, after)).toBe(expected);
  });
});

describe('cancelOrderLines with a credit on the order', () => {
  const line = (line_no: number, total: number) =>
    ({ line_no, total, status: 'placed', cancelled_at: null }) as Order['lines'][number];
  const order = {
    key: 'o-1',
    number: 'PO-1',
    status: 'placed',
    lines: [line(1, 30), line(2, 20)],
    custom_boxes: [],
    subtotal: 50,
    discount_rate: 0,
    discount: 0,
    credit_applied: 25,
    total: 25,
  } as unknown as Order;

  it('keeps the credit while the order still costs more than it', () => {
    const after = cancelOrderLines(order, new Set([2]), 1);
    expect(after).toMatchObject({ subtotal: 30, credit_applied: 25, total: 5 });
    expect(creditReturnedCents(order, after)).toBe(0);
  });

  it('cuts the credit to the new total, and the rest goes back', () => {
    const after = cancelOrderLines(order, new Set([1]), 1);
    expect(after).toMatchObject({ subtotal: 20, credit_applied: 20, total: 0 });
    expect(creditReturnedCents(order, after)).toBe(500);
  });

  it('a cancelled order keeps no credit: all of it goes back', () => {
    const after = cancelOrderLines(order, new Set([1, 2]), 1);
    expect(after).toMatchObject({ status: 'cancelled', credit_applied: 0, total: 0 });
    expect(creditReturnedCents(order, after)).toBe(2500);
  });
});

describe('claimCreditCapCents: the most a claim can be credited', () => {
  it.each([
    ['one line: 5 units at $1.23', [{ units_to_be_claimed: 5, unit_price: 1.23 }], 615],
    [
      'a price that is not whole cents per unit',
      [{ units_to_be_claimed: 3, unit_price: 0.335 }],
      101,
    ],
    [
      'two lines, each rounded to the cent as total_claim is',
      [
        { units_to_be_claimed: 10, unit_price: 0.1 },
        { units_to_be_claimed: 7, unit_price: 4.015 },
      ],
      100 + 2811,
    ],
    ['no lines', [], 0],
  ])('%s', (_, items, cents) => {
    expect(claimCreditCapCents(items)).toBe(cents);
  });
});
