import { describe, expect, it } from 'vitest';
import {
  CART_LINE_MONEY,
  CLAIM_MONEY,
  fromDollars,
  inDollars,
  ORDER_MONEY,
  orderInDollars,
  SHOPPING_LIST_MONEY,
} from './dollar-views';
import { orderLine, testOrder } from './rules/order-fixture';
import { orderSchema } from './schemas/orders';
import { claimSchema } from './schemas/claims';
import { cartLineInDollarsSchema, cartLineSchema } from './schemas/cart';
import { shoppingListSchema } from './schemas/shopping-lists';

/** An order as it was stored and answered before money was counted in cents. */
const dollarOrder = {
  key: 'o-1',
  number: 'PO-20261118-00001',
  status: 'partially_cancelled',
  purchase_date: 20261118,
  created_at: 1,
  updated_at: 2,
  currency: 'USD',
  lines: [
    {
      line_no: 1,
      cart_line_key: '7-20261120',
      inventory_key: 7,
      stem_price: 1.6,
      cart_price: 1.45,
      price_changed: true,
      total: 320,
      status: 'placed',
      cancelled_at: null,
    },
    {
      line_no: 2,
      cart_line_key: '8-20261120',
      inventory_key: 8,
      stem_price: 0.35,
      cart_price: 0.35,
      price_changed: false,
      total: 33.6,
      status: 'cancelled',
      cancelled_at: 5,
    },
  ],
  custom_boxes: [
    {
      box_key: 'cb-123456',
      items: [{ inventory_key: 9, bunches: 3, stem_price: 4.02, cart_price: 4.02 }],
      total: 120.6,
      status: 'placed',
      cancelled_at: null,
    },
  ],
  subtotal: 440.6,
  discount_rate: 0.15,
  discount: 66.09,
  credit_applied: 12.34,
  total: 362.17,
  first_order: true,
};

describe('fromDollars and inDollars', () => {
  it('turns an order stored in dollars into whole cents, every amount and nothing else', () => {
    const cents = fromDollars(dollarOrder, ORDER_MONEY) as Record<string, unknown>;
    expect(cents).toMatchObject({
      subtotal_cents: 44_060,
      discount_rate: 0.15,
      discount_cents: 6_609,
      credit_applied_cents: 1_234,
      total_cents: 36_217,
      lines: [
        { stem_price_cents: 160, cart_price_cents: 145, total_cents: 32_000, line_no: 1 },
        { stem_price_cents: 35, cart_price_cents: 35, total_cents: 3_360, line_no: 2 },
      ],
      custom_boxes: [
        { items: [{ stem_price_cents: 402, cart_price_cents: 402 }], total_cents: 12_060 },
      ],
    });
    expect(JSON.stringify(cents)).not.toMatch(/"(stem_price|cart_price|total|subtotal)":/);
  });

  it('gives the spec answer back byte for byte, each field in its place', () => {
    const cents = fromDollars(dollarOrder, ORDER_MONEY);
    expect(JSON.stringify(inDollars(cents, ORDER_MONEY))).toBe(JSON.stringify(dollarOrder));
  });

  it('leaves a document already in cents as it is (a migration that runs twice)', () => {
    const once = fromDollars(dollarOrder, ORDER_MONEY);
    expect(fromDollars(once, ORDER_MONEY)).toEqual(once);
  });

  it('makes orders, cart lines, claims and lists the shared schemas accept', () => {
    const order = orderSchema.parse({
      ...(fromDollars(dollarOrder, ORDER_MONEY) as object),
      lines: [],
      custom_boxes: [],
      payment: { card_key: 'c', brand: 'visa', last4: '1111' },
      removed_products: [],
    });
    expect(order.total_cents).toBe(36_217);
    const dollarLine = {
      key: '7-20261120',
      inventory_key: 7,
      variety_key: 'v',
      variety_name: 'Freedom',
      color_code: '#b11226',
      grower_key: 'g',
      grower_name: 'Andina',
      country_iso: 'EC',
      length: 60,
      eta_date: 20261120,
      boxes: 2,
      uom: 'stem',
      stems_per_bunch: 25,
      bunches_in_box: 4,
      price_at_add: 1.45,
      stem_price: 1.6,
      open_market: false,
      reserved_until: null,
      added_at: 1,
      updated_at: 2,
    };
    const line = cartLineSchema.parse(fromDollars(dollarLine, CART_LINE_MONEY));
    expect([line.price_at_add_cents, line.stem_price_cents]).toEqual([145, 160]);
    expect(cartLineInDollarsSchema.parse(inDollars(line, CART_LINE_MONEY))).toEqual(dollarLine);

    const claim = claimSchema.parse(
      fromDollars(
        {
          key: 'claim-0001',
          number: 'CL-1',
          order_key: 'o-1',
          po: 'PO-1',
          status: 'credited',
          reason: 'Broken stems',
          comment: '',
          items: [
            {
              line_no: 1,
              arrival_date: 20261118,
              arrived_at: 0,
              grower: 'Andina',
              uom: 'stem',
              units_delivered: 200,
              units_to_be_claimed: 7,
              product_group: 'Roses',
              variety_grade: 'Freedom',
              length: 60,
              unit_price: 4.02,
              total_claim: 28.14,
              process: 'SUCCESS',
              error: null,
            },
          ],
          files: [],
          folder_key: 'f',
          total_claim: 28.14,
          created_at: 0,
          submitted_at: 0,
          reviewed_at: 1,
          decided_at: 2,
          credit_amount: 10.05,
          decline_reason: null,
        },
        CLAIM_MONEY,
      ),
    );
    expect(claim).toMatchObject({
      total_claim_cents: 2814,
      credit_amount_cents: 1005,
      items: [{ unit_price_cents: 402, total_claim_cents: 2814 }],
    });

    const list = shoppingListSchema.parse(
      fromDollars(
        {
          key: 'sl-000001',
          name: 'Weekly',
          items: [],
          last_prices: { a: 1.6, b: 0.35 },
          last_run: {
            eta_date: 20261120,
            address: null,
            ran_at: 0,
            outcomes: [
              {
                item_key: 'a',
                variety_name: 'Freedom',
                status: 'added',
                requested_boxes: 1,
                added_boxes: 1,
                cart_line_key: '7-20261120',
                stem_price: 1.6,
                price_changed: false,
                messages: [],
                alternatives: [],
              },
            ],
          },
          created_at: 0,
          updated_at: 0,
        },
        SHOPPING_LIST_MONEY,
      ),
    );
    expect(list.last_prices_cents).toEqual({ a: 160, b: 35 });
    expect(list.last_run?.outcomes[0]?.stem_price_cents).toBe(160);
  });

  it('keeps null amounts null both ways', () => {
    expect(fromDollars({ credit_amount: null }, CLAIM_MONEY)).toEqual({
      credit_amount_cents: null,
    });
    expect(inDollars({ credit_amount_cents: null }, CLAIM_MONEY)).toEqual({ credit_amount: null });
  });

  it('types the dollar form: orderInDollars gives `total`, not `total_cents`', () => {
    const order = testOrder({
      lines: [orderLine({ stem_price_cents: 160, total_cents: 32_000 })],
      subtotal_cents: 32_000,
      total_cents: 32_000,
    });
    const view = orderInDollars(order);
    expect(view.total).toBe(320);
    expect(view.lines[0]?.stem_price).toBe(1.6);
    expect(view.lines[0]?.total).toBe(320);
    expect(Object.keys(view)).toEqual(Object.keys(order).map((key) => key.replace(/_cents$/, '')));
  });
});
