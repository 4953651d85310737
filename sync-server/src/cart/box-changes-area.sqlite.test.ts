import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  parseEtaDate,
  pushAnswerSchema,
  scheduleMessages,
  unitsPerBox,
  type BoxChangeResult,
  type Offer,
} from '@stemline/shared';
import { run } from '../test-support/accounts';
import { createTestBuyersOf } from '../test-support/test-buyers';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

interface ChangesAnswer {
  success: boolean;
  results: BoxChangeResult[];
}

const HOBOKEN = { address: '120 Main Street', city: 'Hoboken', state: 'NJ', zipcode: '07030' };
const ANCHORAGE = { address: '1 Ice Road', city: 'Anchorage', state: 'AK', zipcode: '99501' };
const MIAMI = { address: '5 Bay Street', city: 'Miami', state: 'FL', zipcode: '33101' };

/**
 * More boxes on a cart line are a new order for its day, so they go through the delivery-area
 * rule an add does (cart/deliverable-date.ts): to the line's own address, else the one chosen
 * now. A buyer who moved the order to an address not delivered that day cannot grow the lines
 * added before; fewer boxes always go through.
 */
describe('raising a cart line checks its delivery area', { timeout: 60_000 }, () => {
  let t: TestServer;
  let wednesday = 0;
  let buyers = 0;
  let pick: ReturnType<typeof createOfferPicker>;

  beforeAll(async () => {
    t = await startTestServer();
    const holidays = await t.sql.all<{ date: number }>(
      'SELECT date FROM holidays WHERE no_delivery = 1',
    );
    wednesday =
      t
        .deliveryDates(15)
        .find(
          (date) => parseEtaDate(date)?.dayOfWeek === 3 && !holidays.some((h) => h.date === date),
        ) ?? 0;
    const florist = await t.login(accounts.florist);
    pick = createOfferPicker((await t.catalog(florist, t.deliveryDates(1)[0] ?? 0)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  /** A new buyer whose main address is in Hoboken (delivered Monday to Friday). */
  async function buyer(): Promise<string> {
    buyers += 1;
    const [made] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, `raise${buyers}`);
    if (!made) throw new Error('no buyer');
    await t.sql.run(
      `UPDATE customers SET main_street = ?, main_city = ?, main_state = ?, main_zipcode = ?
         WHERE key = ?`,
      [HOBOKEN.address, HOBOKEN.city, HOBOKEN.state, HOBOKEN.zipcode, made.customerKey],
    );
    return made.token;
  }

  /** Chooses where the order goes, as the address picker does; `save` keeps it in the book. */
  async function shipTo(token: string, slAddress: typeof HOBOKEN, _KEY: string, save = false) {
    const params = { slAddress, save, update: false, _KEY };
    const answer = await run(t, 'customer_address', params, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  /** A regular row with stock for 10 boxes, its window stretched over the Wednesday. */
  async function row(label: string): Promise<Offer> {
    const offer = pick(
      label,
      (o) => !o.open_market && Math.floor(o.available / unitsPerBox(o)) >= 10,
    );
    await t.sql.run('UPDATE offers SET eta_from = ?, eta_to = ? WHERE inventory_key = ?', [
      Math.min(offer.eta_from, wednesday),
      Math.max(offer.eta_to, wednesday),
      offer.inventory_key,
    ]);
    return offer;
  }

  async function lineFor(token: string, offer: Offer, address?: string): Promise<string> {
    const body = { ...addArgs(offer, wednesday, 2), ...(address ? { address } : {}) };
    const answer = await t.post('/api/cart_box/add_to_cart', body, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return cartLineKey(offer.inventory_key, wednesday, address);
  }

  const change = (path: string, token: string, key: string, boxes: number) =>
    t.post<ChangesAnswer>(`/api/cart_box/${path}`, { changes: [{ key, boxes }] }, token);

  it('as an attacker: after choosing an address not delivered, more boxes are refused in the words an add gets; fewer go through', async () => {
    expect(wednesday).toBeGreaterThan(0);
    const cases = [
      [ANCHORAGE, scheduleMessages.notDeliveredTo('99501')],
      [MIAMI, scheduleMessages.notDeliveredOn('Wednesday', '33101', ['Tuesday', 'Thursday'])],
    ] as const;
    for (const [address, refusal] of cases) {
      const token = await buyer();
      const key = await lineFor(token, await row(`raised for ${address.city}`));
      await shipTo(token, address, `one-time-${address.city}`);
      const before = await databaseStateOf(t.sql);
      for (const path of ['validate_box_changes', 'execute_box_changes']) {
        const answer = await change(path, token, key, 5);
        expect(answer.body.results, path).toEqual([
          { key, status: 'rejected', boxes: 2, message: refusal },
        ]);
        expect(answer.body.success).toBe(false);
      }
      // The same raise queued offline is refused the same way when it reaches the server.
      const pushed = await t.post(
        '/api/sync/push',
        {
          clientId: 'c1',
          mutations: [
            {
              id: randomUUID(),
              clientId: 'c1',
              name: 'execute_box_changes',
              args: { changes: [{ key, boxes: 3 }] },
              createdAt: t.clock.now,
            },
          ],
        },
        token,
      );
      expect(pushAnswerSchema.parse(pushed.body).results[0]).toMatchObject({
        status: 'rejected',
        message: refusal,
      });
      const after = await databaseStateOf(t.sql);
      expect([after.stock, after.cartLines]).toEqual([before.stock, before.cartLines]);

      const fewer = await change('execute_box_changes', token, key, 1);
      expect(fewer.body.results).toEqual([{ key, status: 'applied', boxes: 1, message: null }]);
    }
  });

  it('a line with its own address is raised by that address, whichever is chosen now', async () => {
    const token = await buyer();
    await shipTo(token, HOBOKEN, 'a-dock', true);
    const key = await lineFor(token, await row('ships to its own address'), 'a-dock');
    await shipTo(token, MIAMI, 'one-time-miami');
    const answer = await change('execute_box_changes', token, key, 4);
    expect(answer.body.results).toEqual([{ key, status: 'applied', boxes: 4, message: null }]);
  });
});
