import { expect, type APIRequestContext } from '@playwright/test';
import { marketToday, nextWeekdays, toEtaDate, type Offer } from '@stemline/shared';
import { apiRun } from './accounts';

/** The street of the address `placeOrder` saves and selects. */
export const REORDER_ADDRESS = '9 Reorder Row, Hoboken, NJ 07030';

/** The days "Order again" offers (order-again.tsx), on the server's clock. */
export async function offeredDays(request: APIRequestContext): Promise<number[]> {
  const now = Number((await request.get('/api/health')).headers()['x-server-time']);
  return nextWeekdays(marketToday(now), 10).map(toEtaDate);
}

/**
 * Places one order of one box of each offer for `date`, to a new address (left selected as
 * where orders go), paid with a new card.
 */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  date: number,
  offers: Offer[],
): Promise<void> {
  const addressKey = `a-e2e-${Math.random().toString(36).slice(2)}`;
  // Saved, then chosen as where orders go (a new company has no main address).
  for (const save of [true, false]) {
    const address = await apiRun(request, token, 'customer_address', {
      slAddress: { address: '9 Reorder Row', city: 'Hoboken', state: 'NJ', zipcode: '07030' },
      save,
      update: false,
      _KEY: addressKey,
    });
    expect(address.ok(), await address.text()).toBe(true);
  }
  for (const offer of offers) {
    const added = await request.post('/api/cart_box/add_to_cart', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        variety: offer.variety_key,
        grower: offer.grower_key,
        length: offer.length,
        eta_date: date,
        quantity: 1,
        inventory_key: offer.inventory_key,
        address: addressKey,
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const card = await apiRun(request, token, 'accounting_add_card', {
    number: '4111 1111 1111 1111',
    exp_month: 12,
    exp_year: 2030,
    cvv: '123',
    holder_name: 'Rae Order',
  });
  expect(card.ok()).toBe(true);
  const cardKey = ((await card.json()) as { result: { key: string } }).result.key;
  const placed = await request.post('/api/checkout/place_order', {
    headers: { Authorization: `Bearer ${token}` },
    data: { card_key: cardKey },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
}
