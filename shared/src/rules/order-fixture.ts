import type { Order, OrderLine } from '../schemas/orders';

/**
 * A placed order line for tests: 2 boxes of Freedom 60 cm from Andina (EC), 4 bunches of 25
 * stems a box at $1.50 a stem, arriving Wednesday 18 November 2026, unless `change` says.
 */
export function orderLine(change: Partial<OrderLine> = {}): OrderLine {
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
    stem_price_cents: 150,
    cart_price_cents: 150,
    price_changed: false,
    total_cents: 30_000,
    status: 'placed',
    cancelled_at: null,
    ...change,
  };
}

/** An order for tests, placed Friday 13 November 2026 with one `orderLine()`, unless `change` says. */
export function testOrder(change: Partial<Order> = {}): Order {
  return {
    key: 'o-1',
    number: 'PO-1',
    status: 'placed',
    purchase_date: 20261113,
    created_at: Date.parse('2026-11-13T15:00:00Z'),
    updated_at: 0,
    currency: 'USD',
    lines: [orderLine()],
    custom_boxes: [],
    subtotal_cents: 0,
    discount_rate: 0,
    discount_cents: 0,
    total_cents: 0,
    payment: { card_key: 'c', brand: 'visa', last4: '4242' },
    removed_products: [],
    first_order: false,
    ...change,
  };
}
