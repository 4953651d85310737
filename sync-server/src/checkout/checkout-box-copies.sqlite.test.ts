import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bunchesInStock,
  checkoutReviewSchema,
  CUSTOM_BOX_MONEY,
  customBoxSchema,
  fromDollars,
  ORDER_MONEY,
  orderSchema,
  percentPerBunch,
  placeOrderAnswerSchema,
  type CustomBox,
  type Offer,
  type SavedCard,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { accounts, startTestServer, stockOf, type TestServer } from '../test-support/test-server';

const unitsPerBunch = (row: Pick<Offer, 'uom' | 'stems_per_bunch'>): number =>
  row.uom === 'bunch' ? 1 : row.stems_per_bunch;

/** Checkout of a custom box ordered several times (`number_boxes`): N boxes, N times the price. */
describe('checkout: several identical custom boxes', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let card: SavedCard;
  let day = 0;
  let rows: Offer[] = [];
  let serial = 0;

  /** A closed box of 2 bunches of rows 0 and 1, `count` times over. */
  async function closedBox(count: number): Promise<CustomBox> {
    const key = `cb-copies-checkout-${(serial += 1)}`;
    const [a, b] = rows;
    if (!a || !b) throw new Error('no rows');
    const filled = await t.post(
      '/api/cart_box/upsert_custom_box',
      {
        key,
        grower: a.grower_key,
        eta_date: day,
        number_boxes: count,
        items: [
          { inventory: a.inventory_key, quantity: 2 },
          { inventory: b.inventory_key, quantity: 1 },
        ],
      },
      florist,
    );
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const closed = await t.post<{ box: unknown }>('/api/cart_box/close_box', { key }, florist);
    return customBoxSchema.parse(fromDollars(closed.body.box, CUSTOM_BOX_MONEY));
  }
  const stocks = () => Promise.all(rows.map((row) => stockOf(t.sql, row.inventory_key)));
  /** One box's price: 2 bunches of row 0 and 1 of row 1 at their prices. */
  const oneBoxCents = (box: CustomBox) =>
    box.items.reduce(
      (sum, item) => sum + item.stem_price_cents * item.bunches * unitsPerBunch(item),
      0,
    );

  beforeAll(async () => {
    t = await startTestServer();
    florist = await t.login(accounts.florist);
    // The last date offered, so the order can still be cancelled.
    day = t.deliveryDates(4)[3] ?? 0;
    const offers = (await t.catalog(florist, day)).offers.filter(
      (o) => !o.open_market && bunchesInStock(o) >= 30 && percentPerBunch(o) <= 25,
    );
    const byGrower = new Map<string, Offer[]>();
    for (const offer of offers)
      byGrower.set(offer.grower_key, [...(byGrower.get(offer.grower_key) ?? []), offer]);
    rows = ([...byGrower.values()].find((list) => list.length >= 2) ?? []).slice(0, 2);
    if (rows.length < 2) throw new Error('seed lacks a grower with two suitable rows');
    card = await saveTestCard(t, florist);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it('reviews and orders the count, charging every box, and cancelling returns every box', async () => {
    const start = await stocks();
    const box = await closedBox(3);
    expect(box.number_boxes).toBe(3);
    const held = await stocks();
    expect(held).toEqual([
      (start[0] ?? 0) - 3 * 2 * unitsPerBunch(rows[0] as Offer),
      (start[1] ?? 0) - 3 * unitsPerBunch(rows[1] as Offer),
    ]);

    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, florist)).body,
    );
    expect(review.custom_boxes[0]).toMatchObject({
      box_key: box.key,
      number_boxes: 3,
      total_cents: 3 * oneBoxCents(box),
    });
    expect(review.total_cents).toBe(3 * oneBoxCents(box));

    const answer = await t.post('/api/checkout/place_order', { card_key: card.key }, florist);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = placeOrderAnswerSchema.parse(answer.body).result;
    expect(order.custom_boxes[0]).toMatchObject({
      box_key: box.key,
      number_boxes: 3,
      total_cents: 3 * oneBoxCents(box),
    });
    expect(order.subtotal_cents).toBe(3 * oneBoxCents(box));
    // Sold: ordering takes nothing more and gives nothing back.
    expect(await stocks()).toEqual(held);
    const sold = await t.sql.all<{ inventory_key: number; bunches: number; units: number }>(
      'SELECT inventory_key, bunches, units FROM order_box_items WHERE order_key = ?',
      [order.key],
    );
    expect(sold.sort((x, y) => x.inventory_key - y.inventory_key)).toEqual(
      [...box.items]
        .sort((x, y) => x.inventory_key - y.inventory_key)
        .map((item) => ({
          inventory_key: item.inventory_key,
          bunches: 3 * item.bunches,
          units: 3 * item.bunches * unitsPerBunch(item),
        })),
    );
    const listed = await t.post<{ results: { key: string; boxes: number }[] }>(
      '/api/cs/run',
      { key: 'po_list_orders', params: {} },
      florist,
    );
    expect(listed.body.results.find((row) => row.key === order.key)?.boxes).toBe(3);

    const cancelled = await t.post<{ result: unknown }>(
      '/api/cs/run',
      { key: 'cancel_order', params: { order_key: order.key } },
      florist,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(orderSchema.parse(fromDollars(cancelled.body.result, ORDER_MONEY)).total_cents).toBe(0);
    expect(await stocks()).toEqual(start);
  });
});
