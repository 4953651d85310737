import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineSchema,
  deliveryMessages,
  MAIN_ADDRESS_KEY,
  orderSchema,
  unitsForBoxes,
  type Offer,
} from '@stemline/shared';
import { run } from '../test-support/accounts';
import { saveTestCard } from '../test-support/cards';
import { createTestBuyersOf, type TestBuyer } from '../test-support/test-buyers';
import {
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const TYPO_ROAD = { address: '3 Typo Rd', city: 'Newark', state: 'NJ', zipcode: '07105' };
const TULIP_ROAD = { address: '3 Tulip Road', city: 'Newark', state: 'NJ', zipcode: '07105' };
const HARBOR_STREET = {
  address: '77 Harbor Street',
  city: 'Hoboken',
  state: 'NJ',
  zipcode: '07030',
};

/**
 * A line added for a delivery address keeps a copy of it (`ship_to`); the order ships to that
 * copy. A buyer who corrects or deletes the address afterwards must not have boxes shipped to the
 * old street or to an address no longer in the book (found by the §2/§4 audit: two charged
 * orders, to a deleted address and to the uncorrected one).
 */
describe('address edits reach the boxes already in the cart', { timeout: 60_000 }, () => {
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

  async function buyer(label: string): Promise<TestBuyer> {
    const [made] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, label);
    if (!made) throw new Error('no buyer');
    await t.sql.run(
      `UPDATE customers SET main_street = '120 Main Street', main_city = 'Hoboken',
         main_state = 'NJ', main_zipcode = '07030', main_user_key = ? WHERE key = ?`,
      [made.userKey, made.customerKey],
    );
    return made;
  }
  async function saveAddress(token: string, fields: typeof TYPO_ROAD, key?: string) {
    const _KEY = key ?? `a-${randomUUID()}`;
    const params = { slAddress: fields, save: true, update: key !== undefined, _KEY };
    const answer = await run(t, 'customer_address', params, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return _KEY;
  }
  async function add(token: string, offer: Offer, address: string) {
    const answer = await t.post(
      '/api/cart_box/add_to_cart',
      { ...addArgs(offer, date, 1), address },
      token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const lines = async (customerKey: string) =>
    (
      await t.sql.all<{ doc: string; seq: number }>(
        'SELECT doc, seq FROM cart_lines WHERE customer_key = ? AND deleted = 0 ORDER BY key',
        [customerKey],
      )
    ).map((row) => ({ ...cartLineSchema.parse(JSON.parse(row.doc)), seq: row.seq }));
  async function placeOrder(b: TestBuyer) {
    const card = await saveTestCard(t, b.token);
    const placed = await t.post(
      '/api/checkout/place_order',
      { card_key: card.key, order_key: `o-${randomUUID()}` },
      b.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return (
      await t.sql.all<{ doc: string }>('SELECT doc FROM orders WHERE customer_key = ?', [
        b.customerKey,
      ])
    ).map((row) => orderSchema.parse(JSON.parse(row.doc)));
  }

  it('ships boxes added for a one-time address to its corrected form, and syncs the change', async () => {
    const b = await buyer('reship-edit');
    const key = await saveAddress(b.token, TYPO_ROAD);
    await add(b.token, stocked('reship edit'), key);
    const [before] = await lines(b.customerKey);

    await saveAddress(b.token, TULIP_ROAD, key);

    const [after] = await lines(b.customerKey);
    expect(after?.ship_to).toEqual({ _KEY: key, ...TULIP_ROAD });
    // A new seq: the buyer's other devices pull the corrected line.
    expect(after?.seq).toBeGreaterThan(before?.seq ?? Infinity);
    const orders = await placeOrder(b);
    expect(orders.map((order) => order.ship_to)).toEqual([{ _KEY: key, ...TULIP_ROAD }]);
  });

  it('refuses to delete an address that boxes in the cart ship to, changing nothing', async () => {
    const b = await buyer('reship-delete');
    const kept = await saveAddress(b.token, TYPO_ROAD);
    await add(b.token, stocked('reship delete'), kept);
    const before = await t.sql.all('SELECT * FROM addresses WHERE customer_key = ?', [
      b.customerKey,
    ]);

    const refused = await run(t, 'delete_address', { keys: [kept] }, b.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: deliveryMessages.addressInCart });
    expect(
      await t.sql.all('SELECT * FROM addresses WHERE customer_key = ?', [b.customerKey]),
    ).toEqual(before);
    const queued = await t.post(
      '/api/sync/push',
      {
        clientId: 'device-1',
        mutations: [
          {
            id: `m-${randomUUID()}`,
            clientId: 'device-1',
            name: 'delete_address',
            args: { keys: [kept] },
            createdAt: t.clock.now,
          },
        ],
      },
      b.token,
    );
    expect(queued.body).toMatchObject({
      results: [{ status: 'rejected', message: deliveryMessages.addressInCart }],
    });

    // Once the boxes are out of the cart, the address can go.
    const [line] = await lines(b.customerKey);
    const removed = await t.post(
      '/api/cart_box/delete_boxes',
      { keys: [line?.key ?? ''] },
      b.token,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const deleted = await run(t, 'delete_address', { keys: [kept] }, b.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });

  it('ships boxes added for the main address to the main address as the company details now give it', async () => {
    const b = await buyer('reship-main');
    await add(b.token, stocked('reship main'), MAIN_ADDRESS_KEY);

    const saved = await run(
      t,
      'update_company_details',
      { name: 'Reship Blooms', address: HARBOR_STREET },
      b.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect((await lines(b.customerKey)).map((line) => line.ship_to)).toEqual([
      { _KEY: MAIN_ADDRESS_KEY, ...HARBOR_STREET },
    ]);
    const orders = await placeOrder(b);
    expect(orders.map((order) => order.ship_to)).toEqual([
      { _KEY: MAIN_ADDRESS_KEY, ...HARBOR_STREET },
    ]);
  });
});
