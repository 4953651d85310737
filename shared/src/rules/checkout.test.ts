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
  orderLineCents,
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
  grower_price_mills: 950,
  import_duties_tax: 0.068,
  freight_cost_mills: 18_000,
  box_charge_mills: 4_000,
  margin_discount: 0.3,
  stem_price_cents: 160,
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
  price_at_add_cents: 160,
  stem_price_cents: 160,
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
      new Set(),
    );
    expect(decision.kind === 'order' ? 'order' : decision.reason).toBe(expected);
    // The reason a guest's removed-products message gives (deleted-products.ts).
    if (decision.kind === 'remove')
      expect(decision.deleted).toBe(
        expected.endsWith('hold ended.') ? 'reservation_expired' : 'unavailable',
      );
  });

  it('removes a line for a no-delivery holiday, though the row still lists that day', () => {
    expect(decideCheckoutLine(line, offer, NOW, new Set([20261126, 20261120]))).toEqual({
      kind: 'remove',
      reason: 'it can no longer be delivered on Fri, Nov 20.',
      deleted: 'unavailable',
    });
    expect(decideCheckoutLine(line, offer, NOW, new Set([20261126])).kind).toBe('order');
  });

  it('charges the row’s current price and says when it differs from the price at add', () => {
    expect(decideCheckoutLine(line, offer, NOW, new Set())).toEqual({
      kind: 'order',
      unitPriceCents: 160,
      priceChanged: false,
    });
    expect(decideCheckoutLine(line, { ...offer, stem_price_cents: 175 }, NOW, new Set())).toEqual({
      kind: 'order',
      unitPriceCents: 175,
      priceChanged: true,
    });
    expect(
      decideCheckoutLine(
        { ...line, stem_price_cents: 175 },
        { ...offer, stem_price_cents: 160 },
        NOW,
        new Set(),
      ),
    ).toEqual({
      kind: 'order',
      unitPriceCents: 160,
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
  stem_price_cents: 160,
  cart_price_cents: 160,
  price_changed: false,
  total_cents: 32_000,
  status: 'placed',
  cancelled_at: null,
  ...overrides,
});

describe('orderLineCents', () => {
  // Unit prices are whole cents, so a line is an exact product: no rounding at all.
  it.each([
    [{ boxes: 2, stem_price_cents: 160 }, 32_000],
    [{ boxes: 1, stem_price_cents: 33 }, 3_300],
    [{ boxes: 3, stem_price_cents: 402, uom: 'bunch' as const }, 4_824],
    [{ boxes: 30, stem_price_cents: 110, uom: 'bunch' as const }, 13_200],
  ])('%j → %d', (change, total) => {
    expect(orderLineCents(orderLine(change))).toBe(total);
  });
});

describe('orderTotals', () => {
  it('counts only placed rows and takes the discount in whole cents', () => {
    const lines = [
      orderLine({ total_cents: 10_005 }),
      orderLine({ line_no: 2, total_cents: 3_333 }),
      orderLine({ line_no: 3, total_cents: 50_000, status: 'cancelled' }),
    ];
    expect(orderTotals(lines, 0.15)).toEqual({
      subtotal_cents: 13_338,
      discount_cents: 2_001,
      total_cents: 11_337,
    });
    expect(orderTotals(lines, 0)).toEqual({
      subtotal_cents: 13_338,
      discount_cents: 0,
      total_cents: 13_338,
    });
    expect(orderTotals([], 0.15)).toEqual({ subtotal_cents: 0, discount_cents: 0, total_cents: 0 });
  });

  // A referral discount: the one rounding of an order, half up, and subtotal − discount is
  // what is charged, to the cent.
  it.each([
    ['15% of $133.38 is $20.007 → $20.01', 13_338, 2_001],
    ['15% of $0.10 is 1.5 cents → 2 cents (half up)', 10, 2],
    ['15% of $0.30 is 4.5 cents → 5 cents', 30, 5],
    ['15% of $1,234,567.89 → $185,185.18', 123_456_789, 18_518_518],
    ['15% of $4.30 is 64.5 cents → 65 cents', 430, 65],
  ])('%s', (_name, subtotal, discount) => {
    const totals = orderTotals([orderLine({ total_cents: subtotal })], 0.15);
    expect(totals).toEqual({
      subtotal_cents: subtotal,
      discount_cents: discount,
      total_cents: subtotal - discount,
    });
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

  const HOUR = 3600_000;
  it('not once the farm has shipped the row, as its grower recorded it', () => {
    const shipped = (shipped_at: number | null) => ({
      eta_date: 20261123,
      status: 'placed' as const,
      fulfillment: {
        confirmed_at: null,
        shipped_at,
        carrier: null,
        tracking_number: null,
        arrived_at: null,
      },
    });
    expect(canCancelLine(shipped(NOW - HOUR), NOW)).toBe(false);
    expect(canCancelLine(shipped(NOW), NOW)).toBe(false);
    expect(canCancelLine(shipped(NOW + HOUR), NOW)).toBe(true);
    expect(canCancelLine(shipped(null), NOW)).toBe(true);
  });

  it("not after the clock's shipping time, 18:00 two days before arrival", () => {
    // Friday's rows leave the farm on Wednesday at 18:00 in New York (23:00 UTC).
    const row = { eta_date: 20261120, status: 'placed' as const };
    expect(canCancelLine(row, Date.parse('2026-11-18T22:59:00Z'))).toBe(true);
    expect(canCancelLine(row, Date.parse('2026-11-18T23:00:00Z'))).toBe(false);
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
    lines: [orderLine({ total_cents: 20_000 }), orderLine({ line_no: 2, total_cents: 10_000 })],
    subtotal_cents: 30_000,
    discount_rate: 0.15,
    discount_cents: 4_500,
    total_cents: 25_500,
    payment: { card_key: 'card-1', brand: 'visa', last4: '1111' },
    removed_products: [],
    first_order: true,
    custom_boxes: [],
  };

  it('cancels the named rows, recomputes the totals at the order’s discount, and leaves the rest', () => {
    const after = cancelOrderLines(order, new Set([2]), NOW + MINUTE);
    expect(after).toMatchObject({
      status: 'partially_cancelled',
      subtotal_cents: 20_000,
      discount_cents: 3_000,
      total_cents: 17_000,
      updated_at: NOW + MINUTE,
    });
    expect(after.lines.map((l) => [l.status, l.cancelled_at])).toEqual([
      ['placed', null],
      ['cancelled', NOW + MINUTE],
    ]);
    const all = cancelOrderLines(after, new Set([1, 2]), NOW + 2 * MINUTE);
    expect(all).toMatchObject({ status: 'cancelled', total_cents: 0 });
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
