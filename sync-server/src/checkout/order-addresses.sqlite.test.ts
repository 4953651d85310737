import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineSchema,
  checkoutMessages,
  checkoutReviewSchema,
  guestMessages,
  MAIN_ADDRESS_KEY,
  orderSchema,
  pushAnswerSchema,
  unitsForBoxes,
  type Offer,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { checkoutStateOf, setReferralOf } from '../test-support/checkout-state';
import { createTestBuyersOf } from '../test-support/test-buyers';
import {
  addArgs,
  stockOf,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const DOCK_ROAD = { address: '9 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' };

/**
 * Issue 27 point 1: the delivery address chosen when adding reaches the cart line and the order;
 * no order without an address; a cart for two addresses is placed as two orders.
 */
describe('delivery addresses of cart lines and orders', { timeout: 60_000 }, () => {
  let t: TestServer;
  let date = 0;
  let pick: (label: string, test: (offer: Offer) => boolean) => Offer;

  beforeAll(async () => {
    t = await startTestServer();
    date = t.deliveryDates(1)[0] ?? 0;
    const token = await t.login('florist@stemline.test');
    pick = createOfferPicker((await t.catalog(token, date)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const stocked = (label: string) =>
    pick(label, (o) => !o.open_market && o.available >= unitsForBoxes(o, 4));

  const saveAddress = async (token: string): Promise<string> => {
    const _KEY = `a-${randomUUID()}`;
    const params = { slAddress: DOCK_ROAD, save: true, update: false, _KEY };
    const answer = await t.post('/api/cs/run', { key: 'customer_address', params }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return _KEY;
  };

  const storedOrders = async (customerKey: string) =>
    (
      await t.sql.all<{ doc: string }>(
        'SELECT doc FROM orders WHERE customer_key = ? ORDER BY key',
        [customerKey],
      )
    ).map((row) => orderSchema.parse(JSON.parse(row.doc)));

  it('keeps one line per address, and places one order per address', async () => {
    const [buyer] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, 'two-addresses');
    if (!buyer) throw new Error('no buyer');
    await t.sql.run(
      `UPDATE customers SET main_street = '120 Main Street', main_city = 'Hoboken',
         main_state = 'NJ', main_zipcode = '07030' WHERE key = ?`,
      [buyer.customerKey],
    );
    const card = await saveTestCard(t, buyer.token);
    const dockRoad = await saveAddress(buyer.token);
    const offer = stocked('two addresses');

    const toMain = await t.post(
      '/api/cart_box/add_to_cart',
      { ...addArgs(offer, date, 1), address: MAIN_ADDRESS_KEY },
      buyer.token,
    );
    const toDock = await t.post(
      '/api/cart_box/add_to_cart',
      { ...addArgs(offer, date, 2), address: dockRoad },
      buyer.token,
    );
    expect(toMain.status, JSON.stringify(toMain.body)).toBe(200);
    expect(toDock.status, JSON.stringify(toDock.body)).toBe(200);
    const lines = (
      await t.sql.all<{ doc: string }>(
        'SELECT doc FROM cart_lines WHERE customer_key = ? AND deleted = 0 ORDER BY key',
        [buyer.customerKey],
      )
    ).map((row) => cartLineSchema.parse(JSON.parse(row.doc)));
    expect(lines.map((line) => [line.boxes, line.ship_to?.address])).toEqual(
      expect.arrayContaining([
        [1, '120 Main Street'],
        [2, '9 Dock Road'],
      ]),
    );
    expect(lines).toHaveLength(2);

    const orderKey = `o-${randomUUID()}`;
    const placed = await t.post<{ result: unknown; orders: unknown[]; message: string }>(
      '/api/checkout/place_order',
      { card_key: card.key, order_key: orderKey },
      buyer.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders).toHaveLength(2);
    expect(placed.body.message).toBe(checkoutMessages.splitByAddress(2));

    const stored = await storedOrders(buyer.customerKey);
    expect(stored.map((order) => order.key)).toEqual([orderKey, `${orderKey}-2`]);
    expect(stored.map((order) => [order.ship_to?.address, order.lines[0]?.boxes])).toEqual([
      ['120 Main Street', 1],
      ['9 Dock Road', 2],
    ]);
    expect(stored[1]?.ship_to).toEqual({ _KEY: dockRoad, ...DOCK_ROAD });
  });

  it('takes a referred buyer’s 15% off every order of a first checkout split by address, as reviewed', async () => {
    const [buyer] = await createTestBuyersOf(
      t.sql,
      t.server.context.jwtSecret,
      1,
      'referred-split',
    );
    if (!buyer) throw new Error('no buyer');
    await t.sql.run(
      `UPDATE customers SET main_street = '120 Main Street', main_city = 'Hoboken',
         main_state = 'NJ', main_zipcode = '07030', n_orders = 0 WHERE key = ?`,
      [buyer.customerKey],
    );
    await setReferralOf(t.sql, buyer.customerKey, 'friend-bennett');
    const card = await saveTestCard(t, buyer.token);
    const dockRoad = await saveAddress(buyer.token);
    const offer = stocked('referred split');
    for (const [address, boxes] of [
      [MAIN_ADDRESS_KEY, 1],
      [dockRoad, 1],
    ] as const) {
      const added = await t.post(
        '/api/cart_box/add_to_cart',
        { ...addArgs(offer, date, boxes), address },
        buyer.token,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, buyer.token)).body,
    );
    expect(review.discount_rate).toBe(0.15);

    const placed = await t.post<{ orders: unknown[] }>(
      '/api/checkout/place_order',
      { card_key: card.key, order_key: `o-${randomUUID()}` },
      buyer.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orders = placed.body.orders.map((order) => orderSchema.parse(order));
    expect(orders).toHaveLength(2);
    // The first order the buyer placed is the whole checkout: the reviewed discount holds for
    // every part of it, and what is charged is what the review showed (to a cent per order).
    for (const order of orders) {
      expect(order).toMatchObject({ discount_rate: 0.15, first_order: true });
      expect(order.discount_cents).toBe(Math.round(order.subtotal_cents * 0.15));
    }
    const charged = orders.reduce((sum, order) => sum + order.total_cents, 0);
    expect(Math.abs(charged - review.total_cents)).toBeLessThanOrEqual(orders.length - 1);
  });

  it('queues the address with add_to_cart, and the order ships there', async () => {
    const token = await t.login('florist@stemline.test');
    const card = await saveTestCard(t, token);
    const dockRoad = await saveAddress(token);
    const offer = stocked('queued add');
    const mutation = {
      id: randomUUID(),
      clientId: 'phone',
      name: 'add_to_cart',
      args: { ...addArgs(offer, date, 1), address: dockRoad },
      createdAt: t.clock.now,
    };
    const pushed = await t.post(
      '/api/sync/push',
      { clientId: 'phone', mutations: [mutation] },
      token,
    );
    expect(pushAnswerSchema.parse(pushed.body).results[0]).toMatchObject({ status: 'applied' });

    const placed = await t.post<{ result: unknown }>(
      '/api/checkout/place_order',
      { card_key: card.key },
      token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(orderSchema.parse(placed.body.result).ship_to).toEqual({ _KEY: dockRoad, ...DOCK_ROAD });
  });

  it('refuses an address that is not in the buyer’s book, and takes no stock', async () => {
    const token = await t.login('florist@stemline.test');
    const offer = stocked('unknown address');
    const before = await stockOf(t.sql, offer.inventory_key);
    const answer = await t.post(
      '/api/cart_box/add_to_cart',
      { ...addArgs(offer, date, 1), address: 'someone-elses-address' },
      token,
    );
    expect(answer.body).toMatchObject({ success: false, error: checkoutMessages.addressNotFound });
    expect(await stockOf(t.sql, offer.inventory_key)).toBe(before);
  });

  it('refuses a full account an order with no address at all, writing nothing', async () => {
    const [buyer] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, 'no-address');
    if (!buyer) throw new Error('no buyer');
    const card = await saveTestCard(t, buyer.token);
    const added = await t.post(
      '/api/cart_box/add_to_cart',
      addArgs(stocked('no address'), date, 1),
      buyer.token,
    );
    expect(added.status).toBe(200);
    const before = await checkoutStateOf(t.sql);
    const answer = await t.post('/api/checkout/place_order', { card_key: card.key }, buyer.token);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: guestMessages.addressRequired });
    expect(await checkoutStateOf(t.sql)).toEqual(before);
  });
});
