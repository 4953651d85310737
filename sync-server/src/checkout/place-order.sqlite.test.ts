import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  checkoutMessages,
  checkoutReviewSchema,
  deletedProductsAnswerSchema,
  noticeSchema,
  orderSchema,
  placeOrderAnswerSchema,
  pullAnswerSchema,
  pushAnswerSchema,
  stemPriceCents,
  unitsPerBox,
  type CartGroup,
  type CartLine,
  type DeletedProduct,
  type Offer,
  type Order,
  type SavedCard,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { checkoutStateOf, setReferralOf } from '../test-support/checkout-state';
import { guestReadyToOrder } from '../test-support/guests';
import {
  accounts,
  addArgs,
  stockOf,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const MINUTE = 60_000;
const PLACE = '/api/checkout/place_order';
const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

describe('checkout: place_order', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let guest = '';
  let grower = '';
  let day1 = 0;
  let day2 = 0;
  let offers: Offer[] = [];
  let pick: ReturnType<typeof createOfferPicker>;
  const cards: Record<string, SavedCard> = {};

  const regular = (boxes = 5): Offer =>
    pick(`is a regular row with ${boxes}+ boxes`, (o) => !o.open_market && stockBoxes(o) >= boxes);
  const openMarket = (): Offer =>
    pick('is an open-market row with 5+ boxes', (o) => o.open_market && stockBoxes(o) >= 5);

  async function add(token: string, offer: Offer, boxes: number, etaDate = day1): Promise<void> {
    const answer = await t.post('/api/cart_box/add_to_cart', addArgs(offer, etaDate, boxes), token);
    expect(answer.status).toBe(200);
  }

  async function cartLines(token: string): Promise<CartLine[]> {
    const answer = await t.post<{ results: CartGroup[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    return answer.body.results.flatMap((group) => group.items);
  }

  async function emptyCart(token: string): Promise<void> {
    const lines = await cartLines(token);
    if (lines.length === 0) return;
    const answer = await t.post(
      '/api/cart_box/delete_boxes',
      { keys: lines.map((line) => line.key) },
      token,
    );
    expect(answer.status).toBe(200);
  }

  async function pull(token: string, collection: string, checkpoint: number) {
    const answer = await t.get(`/api/sync/pull/${collection}?checkpoint=${checkpoint}`, token);
    expect(answer.status).toBe(200);
    return pullAnswerSchema.parse(answer.body).documents;
  }

  const currentSeq = async (): Promise<number> =>
    (await t.sql.one<{ value: number }>('SELECT value FROM change_seq'))?.value ?? 0;

  const customerRow = (key: string) =>
    t.sql.one<{ n_orders: number; first_purchase_date: number | null }>(
      'SELECT n_orders, first_purchase_date FROM customers WHERE key = ?',
      [key],
    );

  /** What the guest's removed-products message would list (spec §7). */
  async function deletedProductsOf(token: string): Promise<DeletedProduct[]> {
    const answer = await t.post('/api/customer/get_customer_delete_products', {}, token);
    return deletedProductsAnswerSchema.parse(answer.body).results;
  }
  async function acknowledgeAll(token: string): Promise<void> {
    const products = (await deletedProductsOf(token)).map((product) => product.key);
    if (products.length > 0) await t.post('/api/customer/delete_product', { products }, token);
  }

  async function place(token: string, body: Record<string, unknown>) {
    return t.post(PLACE, body, token);
  }

  async function placeOk(token: string, cardKey: string): Promise<Order> {
    const answer = await place(token, { card_key: cardKey });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return placeOrderAnswerSchema.parse(answer.body).result;
  }

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, guest, grower] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.guest),
      t.login(accounts.grower),
    ]);
    [day1 = 0, day2 = 0] = t.deliveryDates(2);
    offers = (await t.catalog(florist, day1)).offers;
    pick = createOfferPicker(offers);
    cards.florist = await saveTestCard(t, florist);
    cards.newbuyer = await saveTestCard(t, newbuyer, { number: '5555 5555 5555 4444' });
    // A guest orders with a confirmed email and a chosen address (shared orderBlocker).
    guest = await guestReadyToOrder(t, guest, accounts.guest);
    cards.guest = await saveTestCard(t, guest, { number: '3056 930902 5904' });
  }, 30_000);

  afterAll(async () => {
    await t.stop();
  });

  it('orders every cart line at the current price, clears the cart, keeps the stock sold, and syncs the order', async () => {
    await emptyCart(florist);
    const [a, b] = [regular(), regular()];
    if (!a || !b) throw new Error('no offers');
    await add(florist, a, 2);
    await add(florist, b, 1, day2);
    const stockAfterAdd = [
      await stockOf(t.sql, a.inventory_key),
      await stockOf(t.sql, b.inventory_key),
    ];
    const checkpoint = await currentSeq();
    const before = await customerRow('c-bennett');

    const order = await placeOk(florist, cards.florist?.key ?? '');

    expect(order).toMatchObject({
      status: 'placed',
      purchase_date: 20261118,
      currency: 'USD',
      discount_rate: 0,
      discount_cents: 0,
      payment: { card_key: cards.florist?.key, brand: 'visa', last4: '1111' },
      removed_products: [],
      first_order: false,
    });
    expect(order.number).toMatch(/^PO-20261118-\d{5,}$/);
    expect(
      order.lines.map((line) => [line.line_no, line.inventory_key, line.eta_date, line.boxes]),
    ).toEqual([
      [1, a.inventory_key, day1, 2],
      [2, b.inventory_key, day2, 1],
    ]);
    // Whole cents: the sum is exact (in dollars it was only close to 2 decimals).
    const expectedTotal = [
      [a, 2],
      [b, 1],
    ].reduce((sum, [offer, boxes]) => {
      const o = offer as Offer;
      return sum + o.stem_price_cents * unitsPerBox(o) * (boxes as number);
    }, 0);
    expect(order.subtotal_cents).toBe(expectedTotal);
    expect(order.total_cents).toBe(order.subtotal_cents);
    expect(await cartLines(florist)).toEqual([]);
    expect([await stockOf(t.sql, a.inventory_key), await stockOf(t.sql, b.inventory_key)]).toEqual(
      stockAfterAdd,
    );
    expect(await customerRow('c-bennett')).toEqual({
      n_orders: (before?.n_orders ?? 0) + 1,
      first_purchase_date: before?.first_purchase_date ?? 20261118,
    });
    const rows = await t.sql.all(
      `SELECT line_no, inventory_key, boxes, units, status FROM order_lines
       WHERE order_key = ? ORDER BY line_no`,
      [order.key],
    );
    expect(rows).toEqual([
      {
        line_no: 1,
        inventory_key: a.inventory_key,
        boxes: 2,
        units: 2 * unitsPerBox(a),
        status: 'placed',
      },
      {
        line_no: 2,
        inventory_key: b.inventory_key,
        boxes: 1,
        units: unitsPerBox(b),
        status: 'placed',
      },
    ]);

    const pulledOrders = await pull(florist, 'orders', checkpoint);
    expect(pulledOrders.map((doc) => orderSchema.parse(doc))).toEqual([order]);
    const tombstones = await pull(florist, 'cart_lines', checkpoint);
    expect(tombstones.map((doc) => [doc.key, doc._deleted]).sort()).toEqual(
      [
        [cartLineKey(a.inventory_key, day1), true],
        [cartLineKey(b.inventory_key, day2), true],
      ].sort(),
    );
    expect(await pull(newbuyer, 'orders', 0)).toEqual([]);
  });

  it('charges the server’s current price when it changed since adding, marks the row and leaves a notice', async () => {
    await emptyCart(florist);
    const offer = regular();
    await add(florist, offer, 1);
    await t.sql.run(
      'UPDATE offers SET grower_price_mills = grower_price_mills * 2 WHERE inventory_key = ?',
      [offer.inventory_key],
    );
    const newPrice = stemPriceCents(
      { ...offer, grower_price_mills: offer.grower_price_mills * 2 },
      offer,
    );
    expect(newPrice).toBeGreaterThan(offer.stem_price_cents);
    const checkpoint = await currentSeq();

    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, florist)).body,
    );
    expect(review.lines).toEqual([
      expect.objectContaining({
        cart_price_cents: offer.stem_price_cents,
        stem_price_cents: newPrice,
        price_changed: true,
      }),
    ]);

    const order = await placeOk(florist, cards.florist?.key ?? '');
    expect(order.lines[0]).toMatchObject({
      stem_price_cents: newPrice,
      cart_price_cents: offer.stem_price_cents,
      price_changed: true,
      total_cents: newPrice * unitsPerBox(offer),
    });
    expect(order.total_cents).toBe(review.total_cents);
    const notices = (await pull(florist, 'notices', checkpoint)).map((doc) =>
      noticeSchema.parse(doc),
    );
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'price_changed',
        message: expect.stringContaining(
          `The price of ${order.lines[0]?.variety_name} changed`,
        ) as string,
      }),
    ]);
  });

  it('takes 15% off a referred customer’s first order only, and records the first purchase', async () => {
    await setReferralOf(t.sql, 'c-park', 'friend-bennett');
    expect(await customerRow('c-park')).toEqual({ n_orders: 0, first_purchase_date: null });
    const offer = regular();
    await add(newbuyer, offer, 2);

    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, newbuyer)).body,
    );
    expect(review.discount_rate).toBe(0.15);
    const first = await placeOk(newbuyer, cards.newbuyer?.key ?? '');
    expect(first).toMatchObject({ discount_rate: 0.15, first_order: true });
    expect(first.discount_cents).toBe(Math.round(first.subtotal_cents * 0.15));
    expect(first.total_cents).toBe(first.subtotal_cents - first.discount_cents);
    expect(await customerRow('c-park')).toEqual({ n_orders: 1, first_purchase_date: 20261118 });

    await add(newbuyer, regular(), 1);
    const second = await placeOk(newbuyer, cards.newbuyer?.key ?? '');
    expect(second).toMatchObject({ discount_rate: 0, discount_cents: 0, first_order: false });
    expect(second.total_cents).toBe(second.subtotal_cents);
    expect(await customerRow('c-park')).toEqual({ n_orders: 2, first_purchase_date: 20261118 });
  });

  it('gives no discount on a first order without a referral', async () => {
    await setReferralOf(t.sql, 'c-guest', null);
    await emptyCart(guest);
    await add(guest, regular(), 1);
    const order = await placeOk(guest, cards.guest?.key ?? '');
    expect(order).toMatchObject({ first_order: true, discount_rate: 0, discount_cents: 0 });
  });

  it('removes lines it can no longer order — returning their stock, told once — and orders the rest', async () => {
    await emptyCart(guest);
    const held = openMarket();
    const kept = regular();
    const start = t.clock.now;
    try {
      await add(guest, held, 2);
      await add(guest, kept, 1);
      const heldUnits = await stockOf(t.sql, held.inventory_key);
      t.clock.now = start + 31 * MINUTE; // the hold has ended; the sweeper has not run yet
      const checkpoint = await currentSeq();

      const review = checkoutReviewSchema.parse(
        (await t.post('/api/checkout/review', {}, guest)).body,
      );
      expect(review).toMatchObject({
        guest: true,
        removed_products: [expect.objectContaining({ boxes: 2 })],
      });

      const answer = await place(guest, { card_key: cards.guest?.key });
      expect(answer.status).toBe(200);
      const body = placeOrderAnswerSchema.parse(answer.body);
      expect(body.message).toBe(checkoutMessages.productsRemoved);
      expect(body.result.lines.map((line) => line.inventory_key)).toEqual([kept.inventory_key]);
      expect(body.result.removed_products).toEqual([
        {
          variety_name: expect.any(String) as string,
          boxes: 2,
          eta_date: day1,
          reason: 'its 30-minute hold ended.',
        },
      ]);
      expect(await stockOf(t.sql, held.inventory_key)).toBe(heldUnits + 2 * unitsPerBox(held));
      expect(await cartLines(guest)).toEqual([]);
      const notices = (await pull(guest, 'notices', checkpoint)).map((doc) =>
        noticeSchema.parse(doc),
      );
      // A guest is told by the removed-products message (spec §4), not by a notice as well.
      expect(notices).toEqual([]);
      expect(await deletedProductsOf(guest)).toEqual([
        expect.objectContaining({
          inventory_key: held.inventory_key,
          boxes: 2,
          reason: 'reservation_expired',
        }),
      ]);
      expect(await t.server.sweepReservations()).toBe(0);
    } finally {
      t.clock.now = start;
      await acknowledgeAll(guest);
    }
  });

  it('records an offer gone at checkout as unavailable for a guest; a full buyer gets a notice', async () => {
    await emptyCart(guest);
    const gone = regular();
    const goneToo = regular();
    const kept = regular();
    await add(guest, gone, 1);
    await add(guest, kept, 1);
    await add(florist, goneToo, 3);
    await add(florist, regular(), 1);
    const sellOther = 'UPDATE offers SET variety_key = ? WHERE inventory_key = ?';
    try {
      // The rows now sell another variety: the lines' offers are no longer available.
      for (const row of [gone, goneToo]) {
        const other = offers.find((offer) => offer.variety_key !== row.variety_key);
        await t.sql.run(sellOther, [other?.variety_key ?? null, row.inventory_key]);
      }
      const checkpoint = await currentSeq();

      expect((await place(guest, { card_key: cards.guest?.key })).status).toBe(200);
      expect(await pull(guest, 'notices', checkpoint)).toEqual([]);
      expect(await deletedProductsOf(guest)).toEqual([
        expect.objectContaining({
          inventory_key: gone.inventory_key,
          boxes: 1,
          reason: 'unavailable',
        }),
      ]);

      expect((await place(florist, { card_key: cards.florist?.key })).status).toBe(200);
      const notices = (await pull(florist, 'notices', checkpoint)).map((doc) =>
        noticeSchema.parse(doc),
      );
      expect(notices).toEqual([
        expect.objectContaining({
          kind: 'line_removed',
          message: expect.stringMatching(
            /^3 boxes of .* the offer is no longer available\.$/,
          ) as string,
        }),
      ]);
      expect(await deletedProductsOf(florist)).toEqual([]);
    } finally {
      await t.sql.run(sellOther, [gone.variety_key, gone.inventory_key]);
      await t.sql.run(sellOther, [goneToo.variety_key, goneToo.inventory_key]);
      await acknowledgeAll(guest);
    }
  });

  describe('refuses, changing nothing', () => {
    it('when every line can no longer be ordered (409 products_removed, naming them)', async () => {
      await emptyCart(newbuyer);
      const offer = openMarket();
      const start = t.clock.now;
      try {
        await add(newbuyer, offer, 1);
        t.clock.now = start + 45 * MINUTE;
        const before = await checkoutStateOf(t.sql);
        const answer = await place(newbuyer, { card_key: cards.newbuyer?.key });
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({ success: false, code: 'products_removed' });
        expect(String(answer.body.error)).toContain(checkoutMessages.nothingLeftToOrder);
        expect(String(answer.body.error)).toContain('its 30-minute hold ended.');
        expect(await checkoutStateOf(t.sql)).toEqual(before);
      } finally {
        t.clock.now = start;
        await t.server.sweepReservations();
      }
    });

    it.each([
      ['an empty cart', 'cart_empty', 409, () => ({ card_key: cards.florist?.key })],
      ['an unknown card', 'not_found', 404, () => ({ card_key: 'card-nope' })],
      ['another customer’s card', 'not_found', 404, () => ({ card_key: cards.newbuyer?.key })],
    ])('for %s (%s)', async (_case, code, status, body) => {
      await emptyCart(florist);
      if (code !== 'cart_empty') await add(florist, regular(), 1);
      const before = await checkoutStateOf(t.sql);
      const answer = await place(florist, body());
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, code });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it('for a card that has expired by the server clock (400 card_unusable)', async () => {
      await emptyCart(florist);
      await add(florist, regular(), 1);
      const shortLived = await saveTestCard(t, florist, {
        number: '6011111111111117',
        exp_month: 11,
        exp_year: 2026,
        cvv: '321',
        holder_name: 'F B',
      });
      const start = t.clock.now;
      try {
        t.clock.now = Date.parse('2026-12-01T15:00:00Z');
        const before = await checkoutStateOf(t.sql);
        const answer = await place(florist, { card_key: shortLived.key });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'card_unusable',
          error: checkoutMessages.cardExpired,
        });
        expect(await checkoutStateOf(t.sql)).toEqual(before);
      } finally {
        t.clock.now = start;
      }
    });

    it('for an order key already used (409), after placing the first', async () => {
      await emptyCart(florist);
      await add(florist, regular(), 1);
      const order_key = `ok-${randomUUID()}`;
      expect((await place(florist, { card_key: cards.florist?.key, order_key })).status).toBe(200);
      await add(florist, regular(), 1);
      const before = await checkoutStateOf(t.sql);
      const again = await place(florist, { card_key: cards.florist?.key, order_key });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', error: checkoutMessages.orderKeyTaken });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it.each([
      ['no card_key', {}],
      ['a card_key that is a number', { card_key: 42 }],
      ['an order key with a slash', { card_key: 'card-x', order_key: 'a/b/c/d/e/f' }],
      ['an order key of 3 characters', { card_key: 'card-x', order_key: 'abc' }],
      ['an array body', [{ card_key: 'card-x' }]],
    ])('for a malformed body: %s (400)', async (_case, body) => {
      await add(florist, regular(), 1);
      const before = await checkoutStateOf(t.sql);
      const answer = await place(florist, body as Record<string, unknown>);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it('for a body naming another customer (403) and for a staff token without a customer (403)', async () => {
      const before = await checkoutStateOf(t.sql);
      const other = await place(florist, { card_key: cards.florist?.key, customer: 'c-park' });
      expect(other.status).toBe(403);
      const staff = await place(grower, { card_key: cards.florist?.key });
      expect(staff.status).toBe(403);
      expect((await t.post(PLACE, { card_key: 'x' })).status).toBe(401);
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });
  });

  describe('the queued place_order mutation', () => {
    it('runs the same rule: the order comes back through pull, and a replayed batch places nothing twice', async () => {
      await emptyCart(florist);
      const offer = regular();
      await add(florist, offer, 3);
      const order_key = `q-${randomUUID()}`;
      const mutation = {
        id: `m-${randomUUID()}`,
        clientId: 'tablet',
        name: 'place_order',
        args: { card_key: cards.florist?.key, order_key },
        createdAt: t.clock.now,
      };
      const checkpoint = await currentSeq();
      const first = await t.post(
        '/api/sync/push',
        { clientId: 'tablet', mutations: [mutation] },
        florist,
      );
      const [result] = pushAnswerSchema.parse(first.body).results;
      expect(result).toMatchObject({ status: 'applied', message: null });
      const pulled = (await pull(florist, 'orders', checkpoint)).map((doc) =>
        orderSchema.parse(doc),
      );
      expect(pulled).toEqual([expect.objectContaining({ key: order_key })]);
      expect(pulled[0]?.lines.map((line) => line.boxes)).toEqual([3]);
      expect(pulled[0]?.updated_at).toBe(t.clock.now);

      await add(florist, regular(), 1);
      const before = await checkoutStateOf(t.sql);
      const replay = await t.post(
        '/api/sync/push',
        { clientId: 'tablet', mutations: [mutation] },
        florist,
      );
      expect(pushAnswerSchema.parse(replay.body).results).toEqual([result]);
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it('answers a refusal as a rejected result with its code, never an HTTP error', async () => {
      await emptyCart(newbuyer);
      const answer = await t.post(
        '/api/sync/push',
        {
          clientId: 'phone',
          mutations: [
            {
              id: `m-${randomUUID()}`,
              clientId: 'phone',
              name: 'place_order',
              args: { card_key: cards.newbuyer?.key },
              createdAt: 1,
            },
            {
              id: `m-${randomUUID()}`,
              clientId: 'phone',
              name: 'place_order',
              args: { card_key: 7 },
              createdAt: 2,
            },
          ],
        },
        newbuyer,
      );
      expect(answer.status).toBe(200);
      expect(pushAnswerSchema.parse(answer.body).results).toEqual([
        expect.objectContaining({
          status: 'rejected',
          code: 'cart_empty',
          message: checkoutMessages.cartEmpty,
        }),
        expect.objectContaining({ status: 'rejected', code: 'invalid_args' }),
      ]);
    });
  });

  it('the run op place_order answers like the REST call', async () => {
    await emptyCart(florist);
    await add(florist, regular(), 1);
    const answer = await t.post(
      '/api/cs/run',
      { key: 'place_order', params: { card_key: cards.florist?.key } },
      florist,
    );
    expect(answer.status).toBe(200);
    expect(placeOrderAnswerSchema.parse(answer.body).result.lines).toHaveLength(1);
  });

  it('never oversells while checkouts race add-to-cart from other customers, including a hold that just ended', async () => {
    const contested = pick(
      'is an open-market row with 8–12 boxes',
      (o) => o.open_market && stockBoxes(o) >= 8 && stockBoxes(o) <= 12,
    );
    const steady = pick(
      'is a regular row with 6–12 boxes',
      (o) => !o.open_market && stockBoxes(o) >= 6 && stockBoxes(o) <= 12,
    );
    const initial = {
      contested: await stockOf(t.sql, contested.inventory_key),
      steady: await stockOf(t.sql, steady.inventory_key),
    };
    await Promise.all([emptyCart(florist), emptyCart(newbuyer), emptyCart(guest)]);
    const start = t.clock.now;
    try {
      await add(florist, contested, 3);
      await add(florist, steady, 2);
      t.clock.now = start + 30 * MINUTE; // the florist's hold on `contested` ends right now
      const racers = [newbuyer, guest];
      const requests = [
        ...Array.from({ length: 24 }, (_, index) =>
          t.post(
            '/api/cart_box/add_to_cart',
            addArgs(index % 2 === 0 ? contested : steady, day1, (index % 3) + 1),
            racers[index % 2] ?? guest,
          ),
        ),
        place(florist, { card_key: cards.florist?.key }),
        place(florist, { card_key: cards.florist?.key }),
      ];
      const answers = await Promise.all(requests);
      const checkouts = answers
        .slice(-2)
        .map((answer) => answer.status)
        .sort();
      expect(checkouts).toEqual([200, 409]);
      for (const answer of answers.slice(0, -2)) expect([200, 409]).toContain(answer.status);
    } finally {
      t.clock.now = start;
    }
    for (const offer of [contested, steady]) {
      // SUM is NUMERIC on PostgreSQL (a string there): cast, and read it as a number.
      const held = Number(
        (
          await t.sql.one<{ total: number | string }>(
            `SELECT CAST(COALESCE(SUM(boxes), 0) AS INTEGER) AS total FROM cart_lines
             WHERE inventory_key = ? AND deleted = 0`,
            [offer.inventory_key],
          )
        )?.total ?? 0,
      );
      const sold = Number(
        (
          await t.sql.one<{ total: number | string }>(
            `SELECT CAST(COALESCE(SUM(units), 0) AS INTEGER) AS total FROM order_lines
             WHERE inventory_key = ? AND status = 'placed'`,
            [offer.inventory_key],
          )
        )?.total ?? 0,
      );
      const left = await stockOf(t.sql, offer.inventory_key);
      const start = offer === contested ? initial.contested : initial.steady;
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + held * unitsPerBox(offer) + sold).toBe(start);
    }
    const floristOrders = await t.sql.one<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM order_lines WHERE customer_key = 'c-bennett' AND inventory_key = ?",
      [contested.inventory_key],
    );
    expect(Number(floristOrders?.n)).toBe(0);
  });
});
