import { beforeAll, describe, expect, it } from 'vitest';
import {
  deletedProductsAnswerSchema,
  loginAnswerSchema,
  type DeletedProduct,
} from '@stemline/shared';
import { HOLD, MINUTE, useHoldFixture } from '../test-support/hold-fixture';
import { accounts } from '../test-support/test-server';

/**
 * Spec §7 `get_customer_delete_products` and `delete_product`: the products the reservation
 * sweeper took out of a guest's cart are listed until the guest acknowledges them (the guest's
 * message modal, spec §2 and §4), and are then gone. A full buyer is told by a notice instead
 * and keeps no record nobody would read.
 */
describe('deleted products', () => {
  const hold = useHoldFixture();
  let guest = '';
  beforeAll(async () => {
    guest = await hold.t.login(accounts.guest);
  });

  async function deletedOf(token: string): Promise<DeletedProduct[]> {
    const answer = await hold.t.post('/api/customer/get_customer_delete_products', {}, token);
    expect(answer.status).toBe(200);
    return deletedProductsAnswerSchema.parse(answer.body).results;
  }
  const acknowledge = (token: string, products: unknown) =>
    hold.t.post('/api/customer/delete_product', { products }, token);
  const rowsOf = async (customer: string) =>
    (
      await hold.t.sql.one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM deleted_products WHERE customer_key = ?',
        [customer],
      )
    )?.n;
  const noticesOf = async (customer: string) =>
    (
      await hold.t.sql.all<{ key: string }>(
        `SELECT key FROM notices WHERE customer_key = ? AND key LIKE 'expired-%'`,
        [customer],
      )
    ).map((row) => row.key);

  it('lists a guest’s released hold for that guest alone until the guest acknowledges it', async () => {
    const offer = hold.openMarket();
    const line = await hold.add(guest, offer, 2);
    hold.t.clock.now += HOLD;
    expect(await hold.t.server.sweepReservations()).toBeGreaterThanOrEqual(1);

    const [released, ...others] = await deletedOf(guest);
    expect(others).toEqual([]);
    expect(released).toMatchObject({
      variety_name: line.variety_name,
      inventory_key: offer.inventory_key,
      eta_date: hold.day1,
      boxes: 2,
      reason: 'reservation_expired',
    });
    if (!released) throw new Error('nothing listed');
    // Told once: by the message, not by a notice (and its toast) as well.
    expect(await noticesOf('c-guest')).toEqual([]);
    expect(await deletedOf(hold.newbuyer)).toEqual([]);

    // Another customer cannot acknowledge it.
    expect((await acknowledge(hold.newbuyer, [released.key])).body).toEqual({
      success: true,
      acknowledged: 0,
    });
    expect(await deletedOf(guest)).toHaveLength(1);

    expect((await acknowledge(guest, [released.key])).body).toEqual({
      success: true,
      acknowledged: 1,
    });
    expect(await deletedOf(guest)).toEqual([]);
    // Seen, it is gone: no row is kept that nobody reads.
    expect(await rowsOf('c-guest')).toBe(0);
    // Acknowledged again (a retry whose first answer was lost): nothing changes.
    expect((await acknowledge(guest, [released.key])).body).toEqual({
      success: true,
      acknowledged: 0,
    });
  });

  it('lists a guest’s products to staff’s login-as session of it, whose look forgets nothing', async () => {
    const offer = hold.openMarket();
    await hold.add(guest, offer, 1);
    hold.t.clock.now += HOLD;
    await hold.t.server.sweepReservations();
    const [released] = await deletedOf(guest);
    if (!released) throw new Error('nothing listed');
    const staff = await hold.t.login(accounts.manager);
    const loginAs = async (customer: string) =>
      loginAnswerSchema.parse(
        (
          await hold.t.post(
            '/api/cs/run',
            { key: 'login_as_customer', params: { customer } },
            staff,
          )
        ).body,
      ).token ?? '';
    const actingForGuest = await loginAs('c-guest');
    expect(await deletedOf(actingForGuest)).toEqual([released]);
    // Staff acting for another customer see none of the guest's.
    expect(await deletedOf(await loginAs('c-bennett'))).toEqual([]);

    // Staff saw it; the guest has not: it stays for the guest's own message.
    expect((await acknowledge(actingForGuest, [released.key])).body).toEqual({
      success: true,
      acknowledged: 0,
    });
    expect(await deletedOf(guest)).toEqual([released]);
    expect((await acknowledge(guest, [released.key])).body).toEqual({
      success: true,
      acknowledged: 1,
    });
    expect(await deletedOf(actingForGuest)).toEqual([]);
  });

  it('keeps for a session made from an email alone the products of lines it added itself', async () => {
    const { deletedProducts } = hold.t.server.context.repos;
    const owned = await hold.add(guest, hold.openMarket(), 1);
    hold.t.clock.now += 10 * MINUTE;
    // An email-only session begins here: the line above was the email's before it.
    const since = hold.t.clock.now;
    const own = await hold.add(guest, hold.openMarket(), 1);
    hold.t.clock.now += HOLD;
    await hold.t.server.sweepReservations();
    const keysOf = (products: DeletedProduct[]) => products.map((p) => p.inventory_key).sort();
    expect(keysOf(await deletedProducts.list('c-guest'))).toEqual(
      [owned.inventory_key, own.inventory_key].sort(),
    );
    const listed = await deletedProducts.list('c-guest', since);
    expect(keysOf(listed)).toEqual([own.inventory_key]);
    const ownedKey = (await deletedProducts.list('c-guest')).find(
      (p) => p.inventory_key === owned.inventory_key,
    )?.key;
    // It cannot forget the older line's product either.
    expect(await deletedProducts.acknowledge('c-guest', [ownedKey ?? ''], since)).toBe(0);
    expect(
      await deletedProducts.acknowledge(
        'c-guest',
        listed.map((p) => p.key),
        since,
      ),
    ).toBe(1);
    expect(keysOf(await deletedProducts.list('c-guest'))).toEqual([owned.inventory_key]);
    await deletedProducts.acknowledge('c-guest', [ownedKey ?? '']);
  });

  it('tells a full buyer by a notice and records nothing for it', async () => {
    const offer = hold.openMarket();
    await hold.add(hold.florist, offer, 1);
    hold.t.clock.now += HOLD;
    expect(await hold.t.server.sweepReservations()).toBeGreaterThanOrEqual(1);
    expect(await noticesOf('c-bennett')).toHaveLength(1);
    expect(await deletedOf(hold.florist)).toEqual([]);
    expect(await rowsOf('c-bennett')).toBe(0);
  });

  it('forgets at the next sweep what a guest left unread once it became a full buyer', async () => {
    const offer = hold.openMarket();
    await hold.add(guest, offer, 1);
    hold.t.clock.now += HOLD;
    await hold.t.server.sweepReservations();
    expect(await rowsOf('c-guest')).toBe(1);
    await hold.t.sql.run('UPDATE customers SET guest = 0 WHERE key = ?', ['c-guest']);
    try {
      await hold.t.server.sweepReservations();
      expect(await rowsOf('c-guest')).toBe(0);
    } finally {
      await hold.t.sql.run('UPDATE customers SET guest = 1 WHERE key = ?', ['c-guest']);
    }
  });

  it.each([
    ['no products', []],
    ['a product that is not a key', [7]],
    ['more than 200 products', Array.from({ length: 201 }, (_, i) => `k-${i}`)],
  ])('refuses an acknowledgement of %s with a 400', async (_what, products) => {
    expect((await acknowledge(hold.florist, products)).status).toBe(400);
  });

  it('refuses a bad acknowledgement without forgetting anything', async () => {
    const offer = hold.openMarket();
    await hold.add(guest, offer, 1);
    hold.t.clock.now += HOLD;
    await hold.t.server.sweepReservations();
    const before = await deletedOf(guest);
    expect(before).toHaveLength(1);
    const keys = [...before.map((product) => product.key), 7];
    expect((await acknowledge(guest, keys)).status).toBe(400);
    expect(await deletedOf(guest)).toEqual(before);
  });

  it('refuses a request naming another customer (403), as the other customer calls do', async () => {
    const offer = hold.openMarket();
    await hold.add(guest, offer, 1);
    hold.t.clock.now += HOLD;
    await hold.t.server.sweepReservations();
    const before = await deletedOf(guest);
    expect(before.length).toBeGreaterThan(0);
    const keys = before.map((product) => product.key);
    const asNewbuyer = [
      await hold.t.post(
        '/api/customer/get_customer_delete_products',
        { customer: 'c-guest' },
        hold.newbuyer,
      ),
      await hold.t.post(
        '/api/customer/delete_product',
        { products: keys, customer: 'c-guest' },
        hold.newbuyer,
      ),
      await hold.t.post(
        '/api/cs/run',
        { key: 'list_customer_delete_products', params: { customer: 'c-guest' } },
        hold.newbuyer,
      ),
    ];
    expect(asNewbuyer.map((answer) => answer.status)).toEqual([403, 403, 403]);
    for (const answer of asNewbuyer) expect(JSON.stringify(answer.body)).not.toContain(keys[0]);
    expect(await deletedOf(guest)).toEqual(before);
    // Naming its own customer is the same as naming none.
    const own = await hold.t.post(
      '/api/customer/get_customer_delete_products',
      { customer: 'c-guest' },
      guest,
    );
    expect(deletedProductsAnswerSchema.parse(own.body).results).toEqual(before);
  });

  it('answers only a signed-in caller', async () => {
    const answer = await hold.t.post('/api/customer/get_customer_delete_products', {});
    expect(answer.status).toBe(401);
  });
});
