import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityAnswerSchema,
  cartLineKey,
  checkoutReviewSchema,
  deliveryMessages,
  marketToday,
  toEtaDate,
  unitsPerBox,
  type Offer,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

/**
 * Spec §2 date picker: days in the disabled-dates list cannot be chosen. A no-delivery holiday is
 * such a day; the server's own arrival calendar shows it closed, so every call that takes a
 * delivery date refuses it, and checkout refuses lines for a day that closed after they were added.
 */
describe('no-delivery holidays', () => {
  let t: TestServer;
  let florist = '';
  let holiday = 0;
  let pick: ReturnType<typeof createOfferPicker>;

  beforeAll(async () => {
    t = await startTestServer();
    florist = await t.login(accounts.florist);
    const today = toEtaDate(marketToday(t.clock.now));
    const closed = await t.sql.one<{ date: number }>(
      'SELECT date FROM holidays WHERE no_delivery = 1 AND date > ? ORDER BY date LIMIT 1',
      [today],
    );
    holiday = closed?.date ?? 0;
    const [day1 = 0] = t.deliveryDates(1);
    pick = createOfferPicker((await t.catalog(florist, day1)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  /** A row whose window is stretched over `etaDate`, as a farm listing through a holiday would. */
  async function rowSpanning(etaDate: number, matches: (offer: Offer) => boolean): Promise<Offer> {
    const offer = pick(`spans ${etaDate}`, matches);
    await t.sql.run('UPDATE offers SET eta_from = ?, eta_to = ? WHERE inventory_key = ?', [
      Math.min(offer.eta_from, etaDate),
      Math.max(offer.eta_to, etaDate),
      offer.inventory_key,
    ]);
    return offer;
  }

  const regular = (o: Offer) => !o.open_market && stockBoxes(o) >= 10;

  it('the calendar shows the seeded holiday closed, and add_to_cart refuses it, changing nothing', async () => {
    expect(holiday).toBeGreaterThan(0);
    const year = Math.floor(holiday / 10_000);
    const month = Math.floor(holiday / 100) % 100;
    const calendar = availabilityAnswerSchema.parse(
      (await t.post(`/api/availability/delivery_date/${year}/${month}`, {}, florist)).body,
    );
    expect(calendar.items.find((day) => day.date === holiday)).toMatchObject({ arrivals: 0 });

    const offer = await rowSpanning(holiday, regular);
    const before = await databaseStateOf(t.sql);
    for (const body of [
      addArgs(offer, holiday, 1),
      { ...addArgs(offer, holiday, 1), inventory_key: undefined },
      { ...addArgs(offer, holiday, 1), address: 'main' },
    ]) {
      const answer = await t.post('/api/cart_box/add_to_cart', body, florist);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: deliveryMessages.dateNotSelectable,
      });
    }
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('upsert_custom_box refuses a holiday', async () => {
    const offer = await rowSpanning(holiday, (o) => !o.open_market && o.available > 0);
    const before = await databaseStateOf(t.sql);
    const answer = await t.post(
      '/api/cart_box/upsert_custom_box',
      {
        key: 'cb-holiday',
        grower: offer.grower_key,
        eta_date: holiday,
        items: [{ inventory: offer.inventory_key, quantity: 1 }],
      },
      florist,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: deliveryMessages.dateNotSelectable });
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('a day closed after its lines were added takes no more boxes, and checkout will not order them', async () => {
    const [, , , day = 0] = t.deliveryDates(4);
    const offer = await rowSpanning(day, regular);
    const key = cartLineKey(offer.inventory_key, day);
    expect(
      (await t.post('/api/cart_box/add_to_cart', addArgs(offer, day, 4), florist)).status,
    ).toBe(200);
    // The market closes that day (a holiday added to the calendar).
    await t.sql.run(
      'INSERT INTO holidays (key, name, date, no_delivery, peak) VALUES (?, ?, ?, 1, 0)',
      ['hol-test-closure', 'Snow day', day],
    );

    const change = (boxes: number) =>
      t.post<{ results: { status: string; boxes: number; message: string | null }[] }>(
        '/api/cart_box/execute_box_changes',
        { changes: [{ key, boxes }] },
        florist,
      );
    expect((await change(6)).body.results[0]).toEqual({
      key,
      status: 'rejected',
      boxes: 4,
      message: deliveryMessages.dateNotSelectable,
    });
    expect((await change(3)).body.results[0]).toMatchObject({ status: 'applied', boxes: 3 });
    const afterAdd = await t.post('/api/cart_box/add_to_cart', addArgs(offer, day, 1), florist);
    expect(afterAdd.status).toBe(400);

    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, florist)).body,
    );
    expect(review.lines.map((line) => line.key)).not.toContain(key);
    expect(review.removed_products).toEqual([expect.objectContaining({ eta_date: day, boxes: 3 })]);

    const ordersBefore = await t.sql.all('SELECT key FROM orders ORDER BY key');
    const card = await saveTestCard(t, florist);
    const placed = await t.post('/api/checkout/place_order', { card_key: card.key }, florist);
    expect(placed.status).toBe(409);
    expect(await t.sql.all('SELECT key FROM orders ORDER BY key')).toEqual(ordersBefore);
    expect(JSON.stringify(placed.body)).toContain('it can no longer be delivered on');
  });
});
