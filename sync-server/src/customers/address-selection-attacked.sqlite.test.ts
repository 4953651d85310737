import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actualAddressSchema,
  MAIN_ADDRESS_KEY,
  orderSchema,
  pushAnswerSchema,
  unitsForBoxes,
  type ActualAddress,
  type Offer,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { createTestBuyersOf, type TestBuyer } from '../test-support/test-buyers';
import {
  accounts,
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const HOBOKEN = { address: '120 Main Street', city: 'Hoboken', state: 'NJ', zipcode: '07030' };
const ELSEWHERE = { address: '7 Pier Lane', city: 'Newark', state: 'NJ', zipcode: '07105' };

/**
 * Selecting an address for the order (`customer_address` with save false) under a key the caller
 * does not own: another customer's address key, or 'main' from a guest (which has no main
 * address) or with other fields. The order's `ship_to` carries the key, so it must name the
 * caller's own address: an unknown key gets a fresh server key, 'main' is the real main address.
 */
describe('selecting an address under a key that is not the caller’s', { timeout: 60_000 }, () => {
  let t: TestServer;
  let date = 0;
  let pick: (label: string, test: (offer: Offer) => boolean) => Offer;
  let florist = '';
  let floristKey = '';
  let buyer: TestBuyer;

  const select = (token: string, _KEY: string, slAddress: object) =>
    t.post(
      '/api/cs/run',
      { key: 'customer_address', params: { slAddress, save: false, update: true, _KEY } },
      token,
    );
  const actualOf = async (customerKey: string): Promise<ActualAddress | null> => {
    const row = await t.sql.one<{ actual_address: string | null }>(
      'SELECT actual_address FROM customers WHERE key = ?',
      [customerKey],
    );
    return row?.actual_address ? actualAddressSchema.parse(JSON.parse(row.actual_address)) : null;
  };

  beforeAll(async () => {
    t = await startTestServer();
    date = t.deliveryDates(1)[0] ?? 0;
    florist = await t.login(accounts.florist);
    pick = createOfferPicker((await t.catalog(florist, date)).offers);
    floristKey = `a-${randomUUID()}`;
    const saved = await t.post(
      '/api/cs/run',
      {
        key: 'customer_address',
        params: { slAddress: HOBOKEN, save: true, update: false, _KEY: floristKey },
      },
      florist,
    );
    expect(saved.status).toBe(200);
    const [made] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, 'sel');
    if (!made) throw new Error('no buyer');
    buyer = made;
    await t.sql.run(
      `UPDATE customers SET main_street = '5 Home Street', main_city = 'Camden',
         main_state = 'NJ', main_zipcode = '08101' WHERE key = ?`,
      [buyer.customerKey],
    );
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it('gives another customer’s address key a fresh key; the order ships there under it', async () => {
    const answer = await select(buyer.token, floristKey, ELSEWHERE);
    expect(answer.status).toBe(200);
    const actual = await actualOf(buyer.customerKey);
    expect(actual).toMatchObject(ELSEWHERE);
    expect(actual?._KEY).not.toBe(floristKey);
    expect(actual?._KEY).toMatch(/^once-/);

    const card = await saveTestCard(t, buyer.token);
    const offer = pick(
      'selected once',
      (o) => !o.open_market && o.available >= unitsForBoxes(o, 2),
    );
    const added = await t.post('/api/cart_box/add_to_cart', addArgs(offer, date, 1), buyer.token);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const orderKey = `o-${randomUUID()}`;
    const placed = await t.post(
      '/api/checkout/place_order',
      { card_key: card.key, order_key: orderKey },
      buyer.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const row = await t.sql.one<{ doc: string }>('SELECT doc FROM orders WHERE key = ?', [
      orderKey,
    ]);
    const order = orderSchema.parse(JSON.parse(row?.doc ?? 'null'));
    expect(order.ship_to).toEqual(actual);
  });

  it('gives a key through the sync push the same way', async () => {
    const mutation = {
      id: `m-${randomUUID()}`,
      clientId: 'device-1',
      name: 'customer_address',
      args: { slAddress: ELSEWHERE, save: false, update: true, _KEY: floristKey },
      createdAt: t.clock.now,
    };
    const answer = await t.post(
      '/api/sync/push',
      { clientId: 'device-1', mutations: [mutation] },
      buyer.token,
    );
    expect(pushAnswerSchema.parse(answer.body).results[0]).toMatchObject({ status: 'applied' });
    expect((await actualOf(buyer.customerKey))?._KEY).not.toBe(floristKey);
  });

  it('keeps the florist’s own selection of its address', async () => {
    await select(florist, floristKey, HOBOKEN);
    const customer = await t.sql.one<{ customer_key: string }>(
      'SELECT customer_key FROM users WHERE email = ?',
      [accounts.florist],
    );
    expect(await actualOf(customer?.customer_key ?? '')).toEqual({ _KEY: floristKey, ...HOBOKEN });
  });

  it('gives a guest’s main a fresh key: a guest has no main address', async () => {
    const guest = await t.login(accounts.guest);
    expect((await select(guest, MAIN_ADDRESS_KEY, ELSEWHERE)).status).toBe(200);
    const customer = await t.sql.one<{ customer_key: string }>(
      'SELECT customer_key FROM users WHERE email = ?',
      [accounts.guest],
    );
    const actual = await actualOf(customer?.customer_key ?? '');
    expect(actual).toMatchObject(ELSEWHERE);
    expect(actual?._KEY).not.toBe(MAIN_ADDRESS_KEY);
  });

  it('selects the real main address under main, whatever fields come with it', async () => {
    expect((await select(buyer.token, MAIN_ADDRESS_KEY, ELSEWHERE)).status).toBe(200);
    expect(await actualOf(buyer.customerKey)).toEqual({
      _KEY: MAIN_ADDRESS_KEY,
      address: '5 Home Street',
      city: 'Camden',
      state: 'NJ',
      zipcode: '08101',
    });
  });
});
