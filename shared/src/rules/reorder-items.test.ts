import { describe, expect, it } from 'vitest';
import type { Order, OrderLine } from '../schemas/orders';
import { reorderItemsOf, reorderLines } from './reorder-items';

function line(change: Partial<OrderLine> = {}): OrderLine {
  return {
    line_no: 1,
    cart_line_key: 'k',
    inventory_key: 1,
    variety_key: 'v-freedom',
    variety_name: 'Freedom',
    color_code: 'red',
    grower_key: 'gr-1',
    grower_name: 'Andina',
    country_iso: 'EC',
    length: 60,
    eta_date: 20261118,
    boxes: 2,
    uom: 'stem',
    stems_per_bunch: 25,
    bunches_in_box: 4,
    stem_price: 1.5,
    cart_price: 1.5,
    price_changed: false,
    total: 300,
    status: 'placed',
    cancelled_at: null,
    ...change,
  };
}

const order: Order = {
  key: 'o-1',
  number: 'PO-1',
  status: 'partially_cancelled',
  purchase_date: 20261113,
  created_at: 0,
  updated_at: 0,
  currency: 'USD',
  lines: [
    line(),
    line({ line_no: 2, variety_key: 'v-mondial', status: 'cancelled', cancelled_at: 1 }),
    line({ line_no: 3, variety_key: 'v-explorer', grower_key: 'gr-2', length: 50, boxes: 45 }),
  ],
  custom_boxes: [],
  subtotal: 0,
  discount_rate: 0,
  discount: 0,
  total: 0,
  payment: { card_key: 'c', brand: 'visa', last4: '4242' },
  removed_products: [],
  first_order: false,
};

describe('reorderLines', () => {
  it('re-orders each placed line as boxes of the same variety, grower and length', () => {
    expect(reorderItemsOf(order, false)).toEqual([
      {
        length: 60,
        quantity: 2,
        variety: 'v-freedom',
        grower: 'gr-1',
        box_only: true,
        repurchase_cartbox_item: null,
        substitute: false,
      },
      {
        length: 50,
        // A line over a price row's cap asks for the cap.
        quantity: 30,
        variety: 'v-explorer',
        grower: 'gr-2',
        box_only: true,
        repurchase_cartbox_item: null,
        substitute: false,
      },
    ]);
  });

  it('leaves cancelled lines out and pairs each item with the line it came from', () => {
    const lines = reorderLines(order, true);
    expect(lines.map(({ line: l }) => l.line_no)).toEqual([1, 3]);
    expect(lines.every(({ item }) => item.substitute)).toBe(true);
  });
});
