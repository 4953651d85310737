import { describe, expect, it } from 'vitest';
import type { CartLine } from '@stemline/shared';
import { estimateTotals } from './estimate-totals';

/**
 * One box of one bunch at $33.33: odd cents, so the arithmetic shows. (A unit price is whole
 * cents by the pricing rule; this test once used $0.3333 a stem, which no price row makes.)
 */
const line: CartLine = {
  key: '7-20261120',
  inventory_key: 7,
  variety_key: 'v-freedom',
  variety_name: 'Freedom',
  color_code: '#b11226',
  grower_key: 'gr-andina',
  grower_name: 'Finca Andina',
  country_iso: 'EC',
  length: 60,
  eta_date: 20261120,
  boxes: 1,
  uom: 'bunch',
  stems_per_bunch: 25,
  bunches_in_box: 1,
  price_at_add_cents: 3333,
  stem_price_cents: 3333,
  open_market: false,
  reserved_until: null,
  added_at: 0,
  updated_at: 0,
};

describe('estimateTotals: the offline checkout estimate takes off the last known credit', () => {
  it.each([
    ['no credit known', 0, 0, 3333],
    ['a credit smaller than the order', 500, 500, 2833],
    ['a credit of odd cents', 1, 1, 3332],
    ['a credit larger than the order: cut to the total, never below zero', 10_000, 3333, 0],
  ])('%s', (_, creditCents, applied, total) => {
    const totals = estimateTotals([line], [], creditCents);
    expect(totals.subtotal_cents).toBe(3333);
    expect(totals.credit_applied_cents).toBe(applied);
    expect(totals.total_cents).toBe(total);
  });
});
