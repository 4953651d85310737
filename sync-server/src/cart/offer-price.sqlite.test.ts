import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bunchesInStock,
  CART_LINE_MONEY,
  cartLineKey,
  cartLineSchema,
  catalogDeltaAnswerSchema,
  CUSTOM_BOX_MONEY,
  customBoxCents,
  customBoxSchema,
  formatCents,
  fromDollars,
  noticeSchema,
  offerPriceChangeAnswerSchema,
  percentPerBunch,
  placeOrderAnswerSchema,
  pullAnswerSchema,
  stemlineMessages,
  stemPriceCents,
  unitsPerBox,
  type CartLine,
  type CustomBox,
  type Offer,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { createTestBuyersOf } from '../test-support/test-buyers';
import { onPostgres } from '../test-support/test-database';
import { closeWriteGate } from '../test-support/write-gate';
import { openEventStream, pokeNaming } from '../test-support/event-stream';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  type TestServer,
  type TestSql,
} from '../test-support/test-server';

const PRICE = '/api/catalog/offer_price';
const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

describe('staff price change of a price row', { timeout: 30_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  let day = 0;
  let pick: ReturnType<typeof createOfferPicker>;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, manager] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
    ]);
    [day = 0] = t.deliveryDates(1);
    pick = createOfferPicker((await t.catalog(florist, day)).offers);
  });
  afterAll(async () => {
    await t.stop();
  });

  const regular = (): Offer =>
    pick('is a regular row with 5+ boxes', (o) => !o.open_market && stockBoxes(o) >= 5);
  const add = async (token: string, offer: Offer, boxes: number): Promise<void> => {
    const answer = await t.post('/api/cart_box/add_to_cart', addArgs(offer, day, boxes), token);
    expect(answer.status).toBe(200);
  };
  /** The caller's line of `offer`, from `list_carts` (a spec call, in dollars) read in cents. */
  const line = async (token: string, offer: Offer): Promise<CartLine | undefined> => {
    const answer = await t.post<{ results: { items: { key: string }[] }[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    const key = cartLineKey(offer.inventory_key, day);
    const item = answer.body.results.flatMap((group) => group.items).find((i) => i.key === key);
    return item && cartLineSchema.parse(fromDollars(item, CART_LINE_MONEY));
  };
  const notices = async (customerKey: string) =>
    (
      await t.sql.all<{ doc: string }>(
        'SELECT doc FROM notices WHERE customer_key = ? AND deleted = 0 ORDER BY seq',
        [customerKey],
      )
    ).map((row) => noticeSchema.parse(JSON.parse(row.doc)));
  const customerOf = (token: string): string =>
    (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        customer: string;
      }
    ).customer;

  it('re-prices every open cart line of the row with a notice, pokes each buyer, and moves the catalogue version', async () => {
    const offer = regular();
    const other = regular();
    await add(florist, offer, 1);
    await add(newbuyer, offer, 2);
    await add(florist, other, 1);
    const snapshot = await t.catalog(florist, day);
    const stream = await openEventStream(
      `${t.url}/api/sync/stream?access_token=${encodeURIComponent(newbuyer)}`,
    );
    try {
      expect((await stream.next())?.event).toBe('hello');
      const newGrowerPrice = offer.grower_price_mills + 400;
      const answer = await t.post(
        PRICE,
        { inventory_key: offer.inventory_key, grower_price_mills: newGrowerPrice },
        manager,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const expected = stemPriceCents({ ...offer, grower_price_mills: newGrowerPrice }, offer);
      expect(offerPriceChangeAnswerSchema.parse(answer.body)).toEqual({
        success: true,
        inventory_key: offer.inventory_key,
        stem_price_cents: expected,
        previous_stem_price_cents: offer.stem_price_cents,
        repriced_lines: 2,
        customers: 2,
      });
      // A poke of the writes above may still come first; the price change's names the notices.
      expect(await stream.nextMatching(pokeNaming('notices'))).toEqual({
        event: 'poke',
        data: { collections: ['cart_lines', 'notices'] },
      });

      for (const token of [florist, newbuyer]) {
        expect(await line(token, offer)).toMatchObject({
          stem_price_cents: expected,
          price_at_add_cents: offer.stem_price_cents,
        });
        const unit = offer.uom === 'bunch' ? 'bunch' : 'stem';
        expect(
          (await notices(customerOf(token))).map((notice) => [notice.kind, notice.message]),
        ).toContainEqual([
          'price_changed',
          stemlineMessages.cartPriceChanged(
            (await line(token, offer))?.variety_name ?? '',
            formatCents(offer.stem_price_cents),
            formatCents(expected),
            unit,
          ),
        ]);
      }
      // Another row's line is left alone.
      expect(await line(florist, other)).toMatchObject({
        stem_price_cents: other.stem_price_cents,
      });

      // The catalogue delta carries the new price to every device's copy.
      const delta = catalogDeltaAnswerSchema.parse(
        (
          await t.get(
            `/api/catalog/${day}/delta?since=${snapshot.version}&catalog=${snapshot.catalogId}`,
            florist,
          )
        ).body,
      );
      expect(delta.version).toBeGreaterThan(snapshot.version);
      expect(delta.prices.keySteps).toContain(offer.inventory_key);
      expect(delta.prices.grower_price_mills).toContain(newGrowerPrice);
    } finally {
      await stream.close();
    }
  });

  it('asks nothing more of lines already at the price: same price, no new notices', async () => {
    const offer = regular();
    await add(florist, offer, 1);
    const before = (await notices(customerOf(florist))).length;
    const answer = await t.post(
      PRICE,
      { inventory_key: offer.inventory_key, grower_price_mills: offer.grower_price_mills },
      manager,
    );
    expect(offerPriceChangeAnswerSchema.parse(answer.body).repriced_lines).toBe(0);
    expect(await notices(customerOf(florist))).toHaveLength(before);
  });

  it.each([
    ['a buyer', () => florist, 403],
    ['a visitor without a token', () => '', 401],
  ])('refuses %s and changes nothing', async (_, token, status) => {
    const offer = regular();
    const before = await databaseStateOf(t.sql);
    const answer = await t.post(
      PRICE,
      { inventory_key: offer.inventory_key, grower_price_mills: 99_000 },
      token() || undefined,
    );
    expect(answer.status).toBe(status);
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it.each([
    ['no component', {}],
    ['a negative price', { grower_price_mills: -1000 }],
    ['a text price', { grower_price_mills: '2100' }],
    ['a price beyond any real one', { freight_cost_mills: 1e12 }],
    ['a price in dollars, not whole mills', { grower_price_mills: 2.1 }],
    ['a dollar field of the old form', { grower_price: 2.1 }],
    ['a margin below -90%', { margin_discount: -0.95 }],
    ['an unknown field', { grower_price_mills: 1000, stem_price_cents: 1 }],
    ['a text inventory key', { grower_price_mills: 1000, inventory_key: '12' }],
  ])('rejects %s with 400, changing nothing', async (_, body) => {
    const offer = regular();
    const before = await databaseStateOf(t.sql);
    const answer = await t.post(PRICE, { inventory_key: offer.inventory_key, ...body }, manager);
    expect(answer.status).toBe(400);
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it.runIf(onPostgres)(
    'a price change racing a buyer’s add to a line of the row leaves the line with both: the boxes and the new price',
    async () => {
      const offer = regular();
      await add(florist, offer, 1);
      const newGrowerPrice = offer.grower_price_mills + 300;
      const expected = stemPriceCents({ ...offer, grower_price_mills: newGrowerPrice }, offer);
      const gate = await closeWriteGate(t);
      let changing: Promise<{ status: number }>;
      let adding: Promise<void>;
      try {
        // The price change starts first and waits at the gate; the buyer's add of one more box
        // comes next, on another connection.
        changing = t.post(
          PRICE,
          { inventory_key: offer.inventory_key, grower_price_mills: newGrowerPrice },
          manager,
        );
        await gate.waiting(1);
        adding = add(florist, offer, 1);
        await gate.waiting(2);
      } finally {
        await gate.open();
      }
      expect((await changing).status).toBe(200);
      await adding;
      expect(await line(florist, offer)).toMatchObject({ boxes: 2, stem_price_cents: expected });
    },
  );

  it('answers 404 for an unknown price row', async () => {
    const before = await databaseStateOf(t.sql);
    const answer = await t.post(
      PRICE,
      { inventory_key: 987_654_321, grower_price_mills: 1000 },
      manager,
    );
    expect(answer.status).toBe(404);
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });
});

/** The custom boxes of every customer, as stored: key, owner, doc and seq. */
const storedBoxes = (sql: TestSql) =>
  sql.all<{ customer_key: string; key: string; doc: string; seq: number; deleted: number }>(
    'SELECT * FROM custom_boxes ORDER BY customer_key, key',
  );

describe('staff price change of a price row held in custom boxes', { timeout: 30_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let other = '';
  let manager = '';
  let day = 0;
  /** Two rows of one grower (a box holds one grower's rows) and a third of that grower. */
  let rowA: Offer;
  let rowB: Offer;
  let rowC: Offer;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, manager] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
    ]);
    // A third buyer whose box holds another row. Not the demo guest: an unconfirmed guest may
    // not put bunches in a box (custom-boxes.ts, `holdsEveryLine`).
    const [third] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, 'price-box');
    other = third?.token ?? '';
    [day = 0] = t.deliveryDates(1);
    const suitable = (await t.catalog(florist, day)).offers.filter(
      (o) => !o.open_market && bunchesInStock(o) >= 20 && percentPerBunch(o) <= 25,
    );
    const byGrower = new Map<string, Offer[]>();
    for (const offer of suitable)
      byGrower.set(offer.grower_key, [...(byGrower.get(offer.grower_key) ?? []), offer]);
    const rows = [...byGrower.values()].find((list) => list.length >= 3);
    if (!rows?.[0] || !rows[1] || !rows[2]) throw new Error('seed lacks a grower with 3 rows');
    [rowA, rowB, rowC] = [rows[0], rows[1], rows[2]];
  });
  afterAll(async () => {
    await t.stop();
  });

  /** A box of 2 bunches of each row, closed when asked. */
  const fillBox = async (token: string, rows: Offer[], close = false): Promise<CustomBox> => {
    const key = `cb-price-${(serial += 1)}`;
    const answer = await t.post<{ box: unknown }>(
      '/api/cart_box/upsert_custom_box',
      {
        key,
        grower: rowA.grower_key,
        eta_date: day,
        items: rows.map((row) => ({ inventory: row.inventory_key, quantity: 2 })),
      },
      token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Spec calls answer the box's prices in dollars: read back in cents.
    const inCents = (box: unknown) => customBoxSchema.parse(fromDollars(box, CUSTOM_BOX_MONEY));
    if (!close) return inCents(answer.body.box);
    const closed = await t.post<{ box: unknown }>('/api/cart_box/close_box', { key }, token);
    expect(closed.status).toBe(200);
    return inCents(closed.body.box);
  };
  const stored = async (key: string) => (await storedBoxes(t.sql)).find((row) => row.key === key);
  const storedBox = async (key: string): Promise<CustomBox> =>
    customBoxSchema.parse(JSON.parse((await stored(key))?.doc ?? 'null'));
  const customerOf = (token: string): string =>
    (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        customer: string;
      }
    ).customer;
  const notices = async (token: string) =>
    (
      await t.sql.all<{ key: string; doc: string }>(
        'SELECT key, doc FROM notices WHERE customer_key = ? AND deleted = 0 ORDER BY seq',
        [customerOf(token)],
      )
    ).map((row) => noticeSchema.parse(JSON.parse(row.doc)));
  const state = async () => ({
    ...(await databaseStateOf(t.sql)),
    customBoxes: await storedBoxes(t.sql),
  });
  const unitOf = (offer: Offer): string => (offer.uom === 'bunch' ? 'bunch' : 'stem');

  it('re-prices the row inside every box holding it, with a notice, and pokes boxes and notices', async () => {
    const floristBox = await fillBox(florist, [rowA, rowB]);
    const buyerBox = await fillBox(newbuyer, [rowA], true);
    const otherRowBox = await fillBox(florist, [rowB]);
    const otherBox = await fillBox(other, [rowB]);
    const untouched = await Promise.all([otherRowBox, otherBox].map((box) => stored(box.key)));
    const otherNotices = await notices(other);
    const seqBefore =
      (await t.sql.one<{ value: number }>('SELECT value FROM change_seq'))?.value ?? 0;
    const stream = await openEventStream(
      `${t.url}/api/sync/stream?access_token=${encodeURIComponent(newbuyer)}`,
    );
    try {
      expect((await stream.next())?.event).toBe('hello');
      const grower_price_mills = rowA.grower_price_mills + 300;
      const answer = await t.post(
        PRICE,
        { inventory_key: rowA.inventory_key, grower_price_mills },
        manager,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const expected = stemPriceCents({ ...rowA, grower_price_mills }, rowA);
      expect(offerPriceChangeAnswerSchema.parse(answer.body)).toMatchObject({
        stem_price_cents: expected,
        previous_stem_price_cents: rowA.stem_price_cents,
        repriced_lines: 0,
        customers: 2,
      });
      // A poke of the writes above may still come first; the price change's names the notices.
      expect(await stream.nextMatching(pokeNaming('notices'))).toEqual({
        event: 'poke',
        data: { collections: ['notices', 'custom_boxes'] },
      });

      for (const [token, box] of [
        [florist, floristBox],
        [newbuyer, buyerBox],
      ] as const) {
        const after = await storedBox(box.key);
        expect(after.items).toEqual(
          box.items.map((item) =>
            item.inventory_key === rowA.inventory_key
              ? { ...item, stem_price_cents: expected }
              : item,
          ),
        );
        expect(after.closed).toBe(box.closed);
        expect(after.fill_percent).toBe(box.fill_percent);
        // A new seq, so the box replicates: a pull from before the change returns it.
        const pulled = pullAnswerSchema.parse(
          (await t.get(`/api/sync/pull/custom_boxes?checkpoint=${seqBefore}`, token)).body,
        );
        expect(pulled.documents.map((doc) => customBoxSchema.parse(doc))).toContainEqual(after);
        const [variety] = box.items.filter((item) => item.inventory_key === rowA.inventory_key);
        expect(
          (await notices(token)).filter((notice) => notice.kind === 'price_changed'),
        ).toContainEqual(
          expect.objectContaining({
            message: stemlineMessages.cartPriceChanged(
              variety?.variety_name ?? '',
              formatCents(rowA.stem_price_cents),
              formatCents(expected),
              unitOf(rowA),
            ),
          }),
        );
      }
      // Only the buyers' row moved: a box of another row, and another buyer's box, stay as is.
      expect(await Promise.all([otherRowBox, otherBox].map((box) => stored(box.key)))).toEqual(
        untouched,
      );
      expect(await notices(other)).toEqual(otherNotices);
    } finally {
      await stream.close();
    }
  });

  it('checkout afterwards charges the new price of a re-priced box without a further notice', async () => {
    const card = await saveTestCard(t, newbuyer, { holder_name: 'New Buyer' });
    // newbuyer's cart holds just the closed box the test above re-priced.
    const [box] = (await storedBoxes(t.sql))
      .filter((row) => row.customer_key === customerOf(newbuyer) && row.deleted === 0)
      .map((row) => customBoxSchema.parse(JSON.parse(row.doc)));
    if (!box) throw new Error('the re-priced box is missing');
    const priceNotices = async () =>
      (await notices(newbuyer)).filter((n) => n.kind === 'price_changed');
    const before = await priceNotices();

    const answer = await t.post('/api/checkout/place_order', { card_key: card.key }, newbuyer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [ordered] = placeOrderAnswerSchema.parse(answer.body).result.custom_boxes;
    const current = await t.catalog(newbuyer, day);
    const price = current.offers.find(
      (o) => o.inventory_key === rowA.inventory_key,
    )?.stem_price_cents;
    expect(ordered?.items.map((item) => [item.stem_price_cents, item.price_changed])).toEqual([
      [price, false],
    ]);
    expect(ordered?.total_cents).toBe(customBoxCents(box));
    expect(await priceNotices()).toEqual(before);
  });

  it.each([
    ['a buyer', () => florist, { grower_price_mills: 9000 }, 403],
    ['a visitor without a token', () => '', { grower_price_mills: 9000 }, 401],
    ['a request of the wrong shape', () => manager, { grower_price_mills: '9000' }, 400],
    ['a request with no component', () => manager, {}, 400],
  ])(
    'refuses %s, leaving the boxes holding the row as they were',
    async (_, token, body, status) => {
      await fillBox(florist, [rowC]);
      const before = await state();
      const answer = await t.post(
        PRICE,
        { inventory_key: rowC.inventory_key, ...body },
        token() || undefined,
      );
      expect(answer.status).toBe(status);
      expect(await state()).toEqual(before);
    },
  );
});
