import { describe, expect, it } from 'vitest';
import { deletedProductsAnswerSchema, type DeletedProduct } from '@stemline/shared';
import { HOLD, useHoldFixture } from '../test-support/hold-fixture';

/**
 * Spec §7 `get_customer_delete_products` and `delete_product`: the products the reservation
 * sweeper took out of a cart are listed until the buyer acknowledges them (the guest's message
 * modal, spec §2 and §4).
 */
describe('deleted products', () => {
  const hold = useHoldFixture();

  async function deletedOf(token: string): Promise<DeletedProduct[]> {
    const answer = await hold.t.post(
      '/api/customer/get_customer_delete_products',
      { customer: 'ignored: the token names the customer' },
      token,
    );
    expect(answer.status).toBe(200);
    return deletedProductsAnswerSchema.parse(answer.body).results;
  }
  const acknowledge = (token: string, products: unknown) =>
    hold.t.post('/api/customer/delete_product', { products }, token);

  it('lists a released hold for its customer alone until that customer acknowledges it', async () => {
    const offer = hold.openMarket();
    const line = await hold.add(hold.florist, offer, 2);
    hold.t.clock.now += HOLD;
    expect(await hold.t.server.sweepReservations()).toBeGreaterThanOrEqual(1);

    const [released, ...others] = await deletedOf(hold.florist);
    expect(others).toEqual([]);
    expect(released).toMatchObject({
      variety_name: line.variety_name,
      inventory_key: offer.inventory_key,
      eta_date: hold.day1,
      boxes: 2,
      reason: 'reservation_expired',
    });
    if (!released) throw new Error('nothing listed');
    expect(await deletedOf(hold.newbuyer)).toEqual([]);

    // Another customer cannot acknowledge it.
    expect((await acknowledge(hold.newbuyer, [released.key])).body).toEqual({
      success: true,
      acknowledged: 0,
    });
    expect(await deletedOf(hold.florist)).toHaveLength(1);

    expect((await acknowledge(hold.florist, [released.key])).body).toEqual({
      success: true,
      acknowledged: 1,
    });
    expect(await deletedOf(hold.florist)).toEqual([]);
    // Acknowledged again (a retry whose first answer was lost): nothing changes.
    expect((await acknowledge(hold.florist, [released.key])).body).toEqual({
      success: true,
      acknowledged: 0,
    });
  });

  it.each([
    ['no products', []],
    ['a product that is not a key', [7]],
    ['more than 200 products', Array.from({ length: 201 }, (_, i) => `k-${i}`)],
  ])('refuses an acknowledgement of %s with a 400', async (_what, products) => {
    expect((await acknowledge(hold.florist, products)).status).toBe(400);
  });

  it('answers only a signed-in caller', async () => {
    const answer = await hold.t.post('/api/customer/get_customer_delete_products', {});
    expect(answer.status).toBe(401);
  });
});
