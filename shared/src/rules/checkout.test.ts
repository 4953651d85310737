import { describe, expect, it } from 'vitest';
import type { CartLine } from '../schemas/cart';
import type { Offer } from '../schemas/catalog';
import type { Order, OrderLine } from '../schemas/orders';
import {
  canCancelLine,
  cancelOrderLines,
  decideCheckoutLine,
  extendedHold,
  orderDiscountRate,
  orderLineTotal,
  orderNumber,
  orderStatus,
  orderTotals,
} from './checkout';

/** Wednesday 18 November 2026, 10:00 in New York. */
const NOW = Date.parse('2026-11-18T15:00:00Z');
const MINUTE = 60_000;

const offer: Offer = {
  inventory_key: 7,
  variety_key: 'v-freedom',
  grower_key: 'gr-andina',
  eta_from: 20261119,
  eta_to: 20261127,
  length: 60,
  stems_per_bunch: 25,
  bunches_in_box: 4,
  uom: 'stem',
  packing_date: 20261117,
  open_market: false,
  available: 300,
  grower_price: 0.95,
  import_duties_tax: 0.068,
  freight_cost: 18,
  box_charge: 4,
  margin_discount: 0.3,
  stem_price: 1.6,
};

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
  boxes: 2,
  uom: 'stem',
  stems_per_bunch: 25,
  bunches_in_box: 4,
  price_at_add: 1.6,
  stem_price: 1.6,
  open_market: false,
  reserved_until: null,
  added_at: NOW - 5 * MINUTE,
  updated_at: NOW - 5 * MINUTE,
};

describe('decideCheckoutLine', () => {
  const cases: [string, Partial<CartLine>, Partial<Offer> | null, string][] = [
    ['a regular line', {}, {}, 'order'],
    [
      'an open-market line with time left',
      { open_market: true, reserved_until: NOW + MINUTE },
      {},
      'order',
    ],
    ['tomorrow (Thursday)', { eta_date: 20261119 }, {}, 'order'],
    ['a missing price row', {}, null, 'the offer is no longer available.'],
    [
      'a row now selling another variety',
      {},
      { variety_key: 'v-other' },
      'the offer is no longer available.',
    ],
    [
      'a row of another grower',
      {},
      { grower_key: 'gr-other' },
      'the offer is no longer available.',
    ],
    ['today’s date', { eta_date: 20261118 }, {}, 'it can no longer be delivered on Wed, Nov 18.'],
    [
      'a past date',
      { eta_date: 20261117 },
      { eta_from: 20261110 },
      'it can no longer be delivered on Tue, Nov 17.',
    ],
    ['a Saturday', { eta_date: 20261121 }, {}, 'it can no longer be delivered on Sat, Nov 21.'],
    [
      'a date after the row’s window',
      { eta_date: 20261130 },
      {},
      'it can no longer be delivered on Mon, Nov 30.',
    ],
    [
      'a date before the row’s window',
      {},
      { eta_from: 20261123 },
      'it can no longer be delivered on Fri, Nov 20.',
    ],
    [
      'a date that is not a date',
      { eta_date: 20261131 },
      { eta_to: 20261231 },
      'it can no longer be delivered on 20261131.',
    ],
    [
      'an open-market hold ending now',
      { open_market: true, reserved_until: NOW },
      {},
      'its 30-minute hold ended.',
    ],
    [
      'an open-market line never held',
      { open_market: true, reserved_until: null },
      {},
      'its 30-minute hold ended.',
    ],
  ];
  it.each(cases)('%s → %s', (_case, lineChange, offerChange, expected) => {
    const decision = decideCheckoutLine(
      { ...line, ...lineChange },
      offerChange === null ? undefined : { ...offer, ...offerChange },
      NOW,
    );
    expect(decision.kind === 'order' ? 'order' : decision.reason).toBe(expected);
  });

  it('charges the row’s current price and says when it differs from the price at add', () => {
    expect(decideCheckoutLine(line, offer, NOW)).toEqual({
      kind: 'order',
      unitPrice: 1.6,
      priceChanged: false,
    });
    expect(decideCheckoutLine(line, { ...offer, stem_price: 1.75 }, NOW)).toEqual({
      kind: 'order',
      unitPrice: 1.75,
      priceChanged: true,
    });
    expect(
      decideCheckoutLine({ ...line, stem_price: 1.75 }, { ...offer, stem_price: 1.6 }, NOW),
    ).toEqual({
      kind: 'order',
      unitPrice: 1.6,
      priceChanged: false,
    });
  });
});

describe('orderDiscountRate', () => {
  it.each([
    [0, 'FRIEND-42', 0.15],
    [0, null, 0],
    [0, '', 0],
    [0, '   ', 0],
    [1, 'FRIEND-42', 0],
    [3, null, 0],
  ])('n_orders %i, referral %j → %d', (n_orders, referral, rate) => {
    expect(orderDiscountRate({ n_orders, referral })).toBe(rate);
  });
});

const orderLine = (overrides: Partial<OrderLine>): OrderLine => ({
  line_no: 1,
  cart_line_key: '7-20261120',
  inventory_key: 7,
  variety_key: 'v-freedom',
  variety_name: 'Freedom',
  color_code: '#b11226',
  grower_key: 'gr-andina',
  grower_name: 'Finca Andina',
  country_iso: 'EC',
  length: 60,
  eta_date: 20261123,
  boxes: 2,
  uom: 'stem',
  stems_per_bunch: 25,
  bunches_in_box: 4,
  stem_price: 1.6,
  cart_price: 1.6,
  price_changed: false,
  total: 320,
  status: 'placed',
  cancelled_at: null,
  ...overrides,
});

describe('orderLineTotal', () => {
  it.each([
    [{ boxes: 2, stem_price: 1.6 }, 320],
    [{ boxes: 1, stem_price: 0.333 }, 33.3],
    [{ boxes: 3, stem_price: 4.015, uom: 'bunch' as const }, 48.18],
  ])('%j → %d', (change, total) => {
    expect(orderLineTotal(orderLine(change))).toBe(total);
  });
});

describe('orderTotals', () => {
  it('counts only placed rows and takes the discount in whole cents', () => {
    const lines = [
      orderLine({ total: 100.05 }),
      orderLine({ line_no: 2, total: 33.33 }),
      orderLine({ line_no: 3, total: 500, status: 'cancelled' }),
    ];
    expect(orderTotals(lines, 0.15)).toEqual({ subtotal: 133.38, discount: 20.01, total: 113.37 });
    expect(orderTotals(lines, 0)).toEqual({ subtotal: 133.38, discount: 0, total: 133.38 });
    expect(orderTotals([], 0.15)).toEqual({ subtotal: 0, discount: 0, total: 0 });
  });
});

describe('orderStatus', () => {
  it.each([
    [['placed', 'placed'], 'placed'],
    [['placed', 'cancelled'], 'partially_cancelled'],
    [['cancelled', 'cancelled'], 'cancelled'],
  ] as const)('%j → %s', (statuses, status) => {
    expect(orderStatus(statuses.map((s) => ({ status: s })))).toBe(status);
  });
});

describe('canCancelLine', () => {
  it.each([
    [20261118, 'placed', false],
    [20261119, 'placed', false],
    [20261120, 'placed', true],
    [20261123, 'placed', true],
    [20261123, 'cancelled', false],
  ] as const)('arriving %i, %s, on Wed 18 Nov → %s', (eta_date, status, expected) => {
    expect(canCancelLine({ eta_date, status }, NOW)).toBe(expected);
  });
});

describe('cancelOrderLines', () => {
  const order: Order = {
    key: 'o-1',
    number: 'PO-20261118-00001',
    status: 'placed',
    purchase_date: 20261118,
    created_at: NOW,
    updated_at: NOW,
    currency: 'USD',
    lines: [orderLine({ total: 200 }), orderLine({ line_no: 2, total: 100 })],
    subtotal: 300,
    discount_rate: 0.15,
    discount: 45,
    total: 255,
    payment: { card_key: 'card-1', brand: 'visa', last4: '1111' },
    removed_products: [],
    first_order: true,
    custom_boxes: [],
  };

  it('cancels the named rows, recomputes the totals at the order’s discount, and leaves the rest', () => {
    const after = cancelOrderLines(order, new Set([2]), NOW + MINUTE);
    expect(after).toMatchObject({
      status: 'partially_cancelled',
      subtotal: 200,
      discount: 30,
      total: 170,
      updated_at: NOW + MINUTE,
    });
    expect(after.lines.map((l) => [l.status, l.cancelled_at])).toEqual([
      ['placed', null],
      ['cancelled', NOW + MINUTE],
    ]);
    const all = cancelOrderLines(after, new Set([1, 2]), NOW + 2 * MINUTE);
    expect(all).toMatchObject({ status: 'cancelled', total: 0 });
    expect(all.lines[1]?.cancelled_at).toBe(NOW + MINUTE);
  });
});

describe('extendedHold', () => {
  const held = (reserved_until: number | null, open_market = true) => ({
    open_market,
    reserved_until,
  });
  it.each([
    ['a running hold, first time', held(NOW + 5 * MINUTE), false, NOW + 30 * MINUTE],
    ['a running hold, already extended', held(NOW + 5 * MINUTE), true, null],
    ['a hold that has ended', held(NOW - MINUTE), false, null],
    ['a hold ending this very moment', held(NOW), false, null],
    ['a line never held', held(null), false, null],
    ['a regular line', held(null, false), false, null],
    ['a hold already longer than 30 minutes', held(NOW + 40 * MINUTE), false, null],
  ])('%s → %s', (_case, line, already, expected) => {
    expect(extendedHold(line, NOW, already)).toBe(expected);
  });
});

describe('orderNumber', () => {
  it('pads the sequence', () => {
    expect(orderNumber(20261118, 42)).toBe('PO-20261118-00042');
    expect(orderNumber(20261118, 1_234_567)).toBe('PO-20261118-1234567');
  });
});
