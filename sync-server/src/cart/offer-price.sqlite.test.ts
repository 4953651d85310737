import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  catalogDeltaAnswerSchema,
  formatUsd,
  noticeSchema,
  offerPriceChangeAnswerSchema,
  stemlineMessages,
  stemPrice,
  unitsPerBox,
  type CartGroup,
  type CartLine,
  type Offer,
} from '@stemline/shared';
import { openEventStream } from '../test-support/event-stream';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseState,
  startTestServer,
  type TestServer,
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
  const line = async (token: string, offer: Offer): Promise<CartLine | undefined> => {
    const answer = await t.post<{ results: CartGroup[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    const key = cartLineKey(offer.inventory_key, day);
    return answer.body.results.flatMap((group) => group.items).find((item) => item.key === key);
  };
  const notices = (customerKey: string) =>
    t.db
      .prepare<[string], { doc: string }>(
        'SELECT doc FROM notices WHERE customer_key = ? AND deleted = 0 ORDER BY seq',
      )
      .all(customerKey)
      .map((row) => noticeSchema.parse(JSON.parse(row.doc)));
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
      const newGrowerPrice = offer.grower_price + 0.4;
      const answer = await t.post(
        PRICE,
        { inventory_key: offer.inventory_key, grower_price: newGrowerPrice },
        manager,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const expected = stemPrice({ ...offer, grower_price: newGrowerPrice }, offer);
      expect(offerPriceChangeAnswerSchema.parse(answer.body)).toEqual({
        success: true,
        inventory_key: offer.inventory_key,
        stem_price: expected,
        previous_stem_price: offer.stem_price,
        repriced_lines: 2,
        customers: 2,
      });
      expect(await stream.next()).toEqual({
        event: 'poke',
        data: { collections: ['cart_lines', 'notices'] },
      });

      for (const token of [florist, newbuyer]) {
        expect(await line(token, offer)).toMatchObject({
          stem_price: expected,
          price_at_add: offer.stem_price,
        });
        const unit = offer.uom === 'bunch' ? 'bunch' : 'stem';
        expect(
          notices(customerOf(token)).map((notice) => [notice.kind, notice.message]),
        ).toContainEqual([
          'price_changed',
          stemlineMessages.cartPriceChanged(
            (await line(token, offer))?.variety_name ?? '',
            formatUsd(offer.stem_price),
            formatUsd(expected),
            unit,
          ),
        ]);
      }
      // Another row's line is left alone.
      expect(await line(florist, other)).toMatchObject({ stem_price: other.stem_price });

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
      expect(delta.prices.grower_price).toContain(newGrowerPrice);
    } finally {
      await stream.close();
    }
  });

  it('asks nothing more of lines already at the price: same price, no new notices', async () => {
    const offer = regular();
    await add(florist, offer, 1);
    const before = notices(customerOf(florist)).length;
    const answer = await t.post(
      PRICE,
      { inventory_key: offer.inventory_key, grower_price: offer.grower_price },
      manager,
    );
    expect(offerPriceChangeAnswerSchema.parse(answer.body).repriced_lines).toBe(0);
    expect(notices(customerOf(florist))).toHaveLength(before);
  });

  it.each([
    ['a buyer', () => florist, 403],
    ['a visitor without a token', () => '', 401],
  ])('refuses %s and changes nothing', async (_, token, status) => {
    const offer = regular();
    const before = databaseState(t.db);
    const answer = await t.post(
      PRICE,
      { inventory_key: offer.inventory_key, grower_price: 99 },
      token() || undefined,
    );
    expect(answer.status).toBe(status);
    expect(databaseState(t.db)).toEqual(before);
  });

  it.each([
    ['no component', {}],
    ['a negative price', { grower_price: -1 }],
    ['a text price', { grower_price: '2.10' }],
    ['a price beyond any real one', { freight_cost: 1e12 }],
    ['a margin below -90%', { margin_discount: -0.95 }],
    ['an unknown field', { grower_price: 1, stem_price: 0.01 }],
    ['a text inventory key', { grower_price: 1, inventory_key: '12' }],
  ])('rejects %s with 400, changing nothing', async (_, body) => {
    const offer = regular();
    const before = databaseState(t.db);
    const answer = await t.post(PRICE, { inventory_key: offer.inventory_key, ...body }, manager);
    expect(answer.status).toBe(400);
    expect(databaseState(t.db)).toEqual(before);
  });

  it('answers 404 for an unknown price row', async () => {
    const before = databaseState(t.db);
    const answer = await t.post(PRICE, { inventory_key: 987_654_321, grower_price: 1 }, manager);
    expect(answer.status).toBe(404);
    expect(databaseState(t.db)).toEqual(before);
  });
});
