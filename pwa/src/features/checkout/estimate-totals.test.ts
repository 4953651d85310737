import { describe, expect, it } from 'vitest';
import type { CartLine } from '@stemline/shared';
import { estimateTotals } from './estimate-totals';

/** One box of 100 stems at $0.3333: $33.33, so the cents arithmetic shows. */
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
  uom: 'stem',
  stems_per_bunch: 25,
  bunches_in_box: 4,
  price_at_add: 0.3333,
  stem_price: 0.3333,
  open_market: false,
  reserved_until: null,
  added_at: 0,
  updated_at: 0,
};

describe('estimateTotals: the offline checkout estimate takes off the last known credit', () => {
  it.each([
    ['no credit known', 0, 0, 33.33],
    ['a credit smaller than the order', 500, 5, 28.33],
    ['a credit of odd cents', 1, 0.01, 33.32],
    ['a credit larger than the order: cut to the total, never below zero', 10_000, 33.33, 0],
  ])('%s', (_, creditCents, applied, total) => {
    const totals = estimateTotals([line], [], creditCents);
    expect(totals.subtotal).toBe(33.33);
    expect(totals.credit_applied).toBe(applied);
    expect(totals.total).toBe(total);
  });
});
