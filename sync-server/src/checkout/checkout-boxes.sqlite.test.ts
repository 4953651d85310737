import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bunchesInStock,
  checkoutMessages,
  checkoutReviewSchema,
  customBoxLabel,
  customBoxCents,
  customBoxSchema,
  CUSTOM_BOX_MONEY,
  fromDollars,
  ORDER_MONEY,
  noticeSchema,
  orderSchema,
  percentPerBunch,
  placeOrderAnswerSchema,
  type CustomBox,
  type Offer,
  type SavedCard,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { checkoutStateOf } from '../test-support/checkout-state';
import { accounts, stockOf, startTestServer, type TestServer } from '../test-support/test-server';

const DAY = 24 * 60 * 60_000;
const unitsPerBunch = (offer: Offer): number => (offer.uom === 'bunch' ? 1 : offer.stems_per_bunch);

/** Checkout orders closed custom boxes with the cart lines, in the same transaction. */
describe('checkout: custom boxes', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let card: SavedCard;
  let buyerCard: SavedCard;
  let dates: number[] = [];
  const rowsOn = new Map<number, Offer[]>();
  const rowsFor = (date: number | undefined): Offer[] => rowsOn.get(date ?? 0) ?? [];
  let serial = 0;
  const newKey = () => `cb-checkout-${(serial += 1)}`;

  /** A box of bunches of rows `indexes` (2 bunches each) for `etaDate`, closed unless asked. */
  async function fillBox(
    token: string,
    indexes: number[],
    etaDate: number,
    close = true,
  ): Promise<CustomBox> {
    const key = newKey();
    const rows = rowsFor(etaDate);
    const first = rows[indexes[0] ?? 0];
    if (!first) throw new Error('no rows');
    const answer = await t.post<{ box: unknown }>(
      '/api/cart_box/upsert_custom_box',
      {
        key,
        grower: first.grower_key,
        eta_date: etaDate,
        items: indexes.map((index) => ({ inventory: rows[index]?.inventory_key, quantity: 2 })),
      },
      token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Spec calls answer the box's prices in dollars: read back in cents.
    const inCents = (box: unknown) => customBoxSchema.parse(fromDollars(box, CUSTOM_BOX_MONEY));
    if (!close) return inCents(answer.body.box);
    const closed = await t.post<{ box: unknown }>('/api/cart_box/close_box', { key }, token);
    const box = inCents(closed.body.box);
    expect(box.closed).toBe(true);
    return box;
  }

  const boxesInCart = async (token: string): Promise<string[]> =>
    (
      await t.sql.all<{ key: string }>(
        `SELECT key FROM custom_boxes WHERE deleted = 0 AND customer_key = (
           SELECT customer_key FROM users WHERE key = ?)`,
        [userOf(token)],
      )
    ).map((row) => row.key);
  const stocksOf = (offers: readonly Offer[]): Promise<number[]> =>
    Promise.all(offers.map((offer) => stockOf(t.sql, offer.inventory_key)));
  const userOf = (token: string): string =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string })
      .sub;
  const place = (token: string, cardKey: string) =>
    t.post('/api/checkout/place_order', { card_key: cardKey }, token);

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    dates = t.deliveryDates(4);
    // One grower's rows per delivery date: a box holds one grower's rows of one date.
    for (const date of dates) {
      const offers = (await t.catalog(florist, date)).offers.filter(
        (o) => !o.open_market && bunchesInStock(o) >= 20 && percentPerBunch(o) <= 25,
      );
      const byGrower = new Map<string, Offer[]>();
      for (const offer of offers)
        byGrower.set(offer.grower_key, [...(byGrower.get(offer.grower_key) ?? []), offer]);
      const found = [...byGrower.values()].find((list) => list.length >= 4);
      if (!found) throw new Error(`seed lacks a grower with four suitable rows on ${date}`);
      rowsOn.set(date, found);
    }
    [card, buyerCard] = await Promise.all([saveTestCard(t, florist), saveTestCard(t, newbuyer)]);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it('orders a closed box at its current prices, keeps its stock sold and clears it from the cart', async () => {
    const rows = rowsFor(dates[1]);
    const box = await fillBox(florist, [0, 1], dates[1] ?? 0);
    const open = await fillBox(florist, [2], dates[1] ?? 0, false);
    const stockAfterFill = await stocksOf(rows);

    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, florist)).body,
    );
    expect(review.custom_boxes.map((b) => b.box_key)).toEqual([box.key]);
    expect(review.total_cents).toBe(customBoxCents(box));

    const answer = await place(florist, card.key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = placeOrderAnswerSchema.parse(answer.body).result;
    expect(order.lines).toEqual([]);
    expect(order.custom_boxes).toHaveLength(1);
    expect(order.custom_boxes[0]).toMatchObject({
      box_key: box.key,
      grower_key: box.grower_key,
      eta_date: box.eta_date,
      status: 'placed',
      total_cents: customBoxCents(box),
    });
    expect(order.custom_boxes[0]?.items.map((item) => [item.inventory_key, item.bunches])).toEqual(
      box.items.map((item) => [item.inventory_key, item.bunches]),
    );
    expect(order.subtotal_cents).toBe(customBoxCents(box));
    // Sold, not released: ordering takes nothing more and gives nothing back.
    expect(await stocksOf(rows)).toEqual(stockAfterFill);
    // The open box is still being filled: not ordered, still in the cart.
    expect(await boxesInCart(florist)).toEqual([open.key]);
    const poRows = await t.sql.all(
      `SELECT box_key, inventory_key, bunches, units, status FROM order_box_items
       WHERE order_key = ? ORDER BY inventory_key`,
      [order.key],
    );
    const byRow = (a: { inventory_key: number }, b: { inventory_key: number }) =>
      a.inventory_key - b.inventory_key;
    expect(poRows).toEqual(
      [...box.items].sort(byRow).map((item) => ({
        box_key: box.key,
        inventory_key: item.inventory_key,
        bunches: item.bunches,
        units: item.bunches * (item.uom === 'bunch' ? 1 : item.stems_per_bunch),
        status: 'placed',
      })),
    );
    const detail = await t.post<{ result: unknown }>(
      '/api/cs/run',
      { key: 'get_po_order_detail', params: { order_key: order.key } },
      florist,
    );
    // A spec call: the order's amounts in dollars, read back in cents.
    const detailed = orderSchema.parse(fromDollars(detail.body.result, ORDER_MONEY));
    expect(detailed.custom_boxes[0]?.box_key).toBe(box.key);
    expect(detailed).toEqual(order);

    // Cleanup for the next tests: the open box goes back.
    await t.post('/api/cart_box/delete_boxes', { keys: [open.key] }, florist);
  });

  it('refuses a cart holding only an open box, changing nothing', async () => {
    const open = await fillBox(newbuyer, [3], dates[1] ?? 0, false);
    const before = await checkoutStateOf(t.sql);
    const answer = await place(newbuyer, buyerCard.key);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, error: checkoutMessages.cartEmpty });
    expect(await checkoutStateOf(t.sql)).toEqual(before);
    await t.post('/api/cart_box/delete_boxes', { keys: [open.key] }, newbuyer);
  });

  it('charges a price changed since the box was filled, with a notice', async () => {
    const box = await fillBox(florist, [1], dates[2] ?? 0);
    const row = rowsFor(dates[2])[1];
    if (!row) throw new Error('no row');
    await t.sql.run(
      'UPDATE offers SET grower_price_mills = grower_price_mills + 500 WHERE inventory_key = ?',
      [row.inventory_key],
    );
    const answer = await place(florist, card.key);
    const order = placeOrderAnswerSchema.parse(answer.body).result;
    const [ordered] = order.custom_boxes;
    expect(ordered?.items[0]?.price_changed).toBe(true);
    expect(ordered?.items[0]?.cart_price_cents).toBe(box.items[0]?.stem_price_cents);
    expect(ordered?.items[0]?.stem_price_cents).toBeGreaterThan(
      box.items[0]?.stem_price_cents ?? Infinity,
    );
    expect(ordered?.total_cents).toBe(customBoxCents({ items: ordered?.items ?? [] }));
    const notices = (
      await t.sql.all<{ doc: string }>(
        "SELECT doc FROM notices WHERE key LIKE 'price-%' AND deleted = 0",
      )
    ).map((n) => noticeSchema.parse(JSON.parse(n.doc)));
    expect(notices.map((n) => n.message)).toContain(
      checkoutMessages.boxPriceChanged(customBoxLabel(box)),
    );
  });

  it('cancels an ordered box with its order, returning its bunches to stock', async () => {
    const rows = rowsFor(dates[3]);
    const box = await fillBox(florist, [0, 3], dates[3] ?? 0);
    const before = await stocksOf(rows);
    const order = placeOrderAnswerSchema.parse((await place(florist, card.key)).body).result;
    const cancelled = await t.post<{ result: unknown }>(
      '/api/cs/run',
      { key: 'cancel_order', params: { order_key: order.key } },
      florist,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = orderSchema.parse(fromDollars(cancelled.body.result, ORDER_MONEY));
    expect(after.status).toBe('cancelled');
    expect(after.custom_boxes[0]?.status).toBe('cancelled');
    expect(after.total_cents).toBe(0);
    const returned = box.items.map(
      (item) => item.bunches * (item.uom === 'bunch' ? 1 : item.stems_per_bunch),
    );
    expect(await stockOf(t.sql, rows[0]?.inventory_key ?? 0)).toBe(
      (before[0] ?? 0) + (returned[0] ?? 0),
    );
    expect(await stockOf(t.sql, rows[3]?.inventory_key ?? 0)).toBe(
      (before[3] ?? 0) + (returned[1] ?? 0),
    );
    expect(
      (
        await t.sql.all<{ status: string }>(
          'SELECT DISTINCT status FROM order_box_items WHERE order_key = ?',
          [order.key],
        )
      ).map((row) => row.status),
    ).toEqual(['cancelled']);
  });

  it('releases a closed box that can no longer be delivered, returning its stock', async () => {
    const box = await fillBox(newbuyer, [2], dates[0] ?? 0);
    const rows = rowsFor(dates[0]);
    const later = rowsFor(dates[3]);
    await t.post(
      '/api/cart_box/add_to_cart',
      {
        variety: later[3]?.variety_key,
        grower: later[3]?.grower_key,
        length: later[3]?.length,
        eta_date: dates[3],
        quantity: 1,
        inventory_key: later[3]?.inventory_key,
      },
      newbuyer,
    );
    const before = await stockOf(t.sql, rows[2]?.inventory_key ?? 0);
    t.clock.advance(2 * DAY);
    const order = placeOrderAnswerSchema.parse((await place(newbuyer, buyerCard.key)).body).result;
    expect(order.custom_boxes).toEqual([]);
    expect(order.removed_products.map((p) => p.variety_name)).toEqual([customBoxLabel(box)]);
    expect(await stockOf(t.sql, rows[2]?.inventory_key ?? 0)).toBe(
      before + 2 * unitsPerBunch(rows[2] as Offer),
    );
    expect(await boxesInCart(newbuyer)).toEqual([]);
  });
});
