import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityAnswerSchema,
  cartLineKey,
  checkoutReviewSchema,
  deliveryMessages,
  marketToday,
  orderSchema,
  parseEtaDate,
  pushAnswerSchema,
  scheduleMessages,
  toEtaDate,
  unitsForBoxes,
  unitsPerBox,
  weekdayName,
  type Offer,
} from '@stemline/shared';
import { run } from '../test-support/accounts';
import { saveTestCard } from '../test-support/cards';
import { createTestBuyersOf } from '../test-support/test-buyers';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  stockOf,
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

const ANCHORAGE = { address: '1 Ice Road', city: 'Anchorage', state: 'AK', zipcode: '99501' };
const MIAMI = { address: '5 Bay Street', city: 'Miami', state: 'FL', zipcode: '33101' };

/**
 * Spec §4 and §5: "Sorry, Stemline does not deliver to … yet" — browsing is allowed, ordering is
 * not. Every call that takes or orders a delivery date refuses an address whose zip has no
 * delivery, or a weekday its region's trucks do not run (Florida: Tuesday and Thursday), as run
 * `delivery_schedule` answers them; a zip staff forced for the customer is delivered.
 */
describe('delivery areas', { timeout: 60_000 }, () => {
  let t: TestServer;
  let manager = '';
  let pick: ReturnType<typeof createOfferPicker>;
  /** Coming weekdays that are no holiday, by ISO weekday (1 Monday … 5 Friday). */
  const days = new Map<number, number>();
  let buyers = 0;

  beforeAll(async () => {
    t = await startTestServer();
    manager = await t.login(accounts.manager);
    const holidays = await t.sql.all<{ date: number }>(
      'SELECT date FROM holidays WHERE no_delivery = 1',
    );
    for (const date of t.deliveryDates(15)) {
      const weekday = parseEtaDate(date)?.dayOfWeek ?? 0;
      if (!days.has(weekday) && !holidays.some((h) => h.date === date)) days.set(weekday, date);
    }
    const florist = await t.login(accounts.florist);
    pick = createOfferPicker((await t.catalog(florist, t.deliveryDates(1)[0] ?? 0)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const day = (weekday: number): number => {
    const date = days.get(weekday);
    if (date === undefined) throw new Error(`no coming weekday ${weekday}`);
    return date;
  };

  /** A new buyer whose main address is in Hoboken (07030, delivered Monday to Friday). */
  async function buyer(): Promise<{ token: string; customerKey: string }> {
    buyers += 1;
    const [made] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, `area${buyers}`);
    if (!made) throw new Error('no buyer');
    await t.sql.run(
      `UPDATE customers SET main_street = '120 Main Street', main_city = 'Hoboken',
         main_state = 'NJ', main_zipcode = '07030' WHERE key = ?`,
      [made.customerKey],
    );
    return made;
  }

  /** Chooses where the order goes (a one-time address, not saved), as the address picker does. */
  async function shipTo(token: string, slAddress: typeof ANCHORAGE, _KEY = 'one-time') {
    const params = { slAddress, save: false, update: false, _KEY };
    const answer = await run(t, 'customer_address', params, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  /** A regular row with stock, its window stretched over every coming test day. */
  async function row(label: string): Promise<Offer> {
    const offer = pick(label, (o) => !o.open_market && stockBoxes(o) >= 10);
    const dates = [...days.values()];
    await t.sql.run('UPDATE offers SET eta_from = ?, eta_to = ? WHERE inventory_key = ?', [
      Math.min(offer.eta_from, ...dates),
      Math.max(offer.eta_to, ...dates),
      offer.inventory_key,
    ]);
    return offer;
  }

  const everything = async () => ({
    ...(await databaseStateOf(t.sql)),
    customBoxes: await t.sql.all('SELECT * FROM custom_boxes ORDER BY customer_key, key'),
    orders: await t.sql.all('SELECT * FROM orders ORDER BY customer_key, key'),
  });

  const upsertBox = (token: string, key: string, offer: Offer, etaDate: number) =>
    t.post(
      '/api/cart_box/upsert_custom_box',
      {
        key,
        grower: offer.grower_key,
        eta_date: etaDate,
        items: [{ inventory: offer.inventory_key, quantity: 1 }],
      },
      token,
    );

  it('refuses add_to_cart and upsert_custom_box for a zip Stemline does not deliver to, naming it, and changes nothing', async () => {
    const { token } = await buyer();
    await shipTo(token, ANCHORAGE);
    const offer = await row('for Anchorage');
    const refusal = scheduleMessages.notDeliveredTo('99501');
    expect(refusal).toContain('Sorry, Stemline does not deliver to 99501 yet.');
    const before = await everything();
    for (const body of [
      addArgs(offer, day(3), 1),
      { ...addArgs(offer, day(3), 1), inventory_key: undefined },
    ]) {
      const answer = await t.post('/api/cart_box/add_to_cart', body, token);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: refusal });
    }
    const box = await upsertBox(token, 'cb-anchorage', offer, day(3));
    expect(box.status).toBe(400);
    expect(box.body).toMatchObject({ error: refusal });
    expect(await everything()).toEqual(before);

    // The same add queued offline is refused with the same words when it reaches the server.
    const pushed = await t.post(
      '/api/sync/push',
      {
        clientId: 'c1',
        mutations: [
          {
            id: randomUUID(),
            clientId: 'c1',
            name: 'add_to_cart',
            args: addArgs(offer, day(3), 1),
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
    const after = await everything();
    expect([after.stock, after.cartLines, after.customBoxes]).toEqual([
      before.stock,
      before.cartLines,
      before.customBoxes,
    ]);
  });

  it('refuses a weekday the region is not delivered on (Florida: Tuesday and Thursday) and takes the others', async () => {
    const { token, customerKey } = await buyer();
    await shipTo(token, MIAMI);
    const offer = await row('for Miami');
    const before = await everything();
    for (const weekday of [1, 3, 5]) {
      const refusal = scheduleMessages.notDeliveredOn(weekdayName(weekday), '33101', [
        'Tuesday',
        'Thursday',
      ]);
      const answer = await t.post(
        '/api/cart_box/add_to_cart',
        addArgs(offer, day(weekday), 1),
        token,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: refusal });
      const box = await upsertBox(token, `cb-miami-${weekday}`, offer, day(weekday));
      expect(box.status).toBe(400);
      expect(box.body).toMatchObject({ error: refusal });
    }
    expect(await everything()).toEqual(before);

    const tuesday = await t.post('/api/cart_box/add_to_cart', addArgs(offer, day(2), 1), token);
    expect(tuesday.status, JSON.stringify(tuesday.body)).toBe(200);
    expect((await upsertBox(token, 'cb-miami-2', offer, day(2))).status).toBe(200);
    const lines = await t.sql.all(
      'SELECT key FROM cart_lines WHERE customer_key = ? AND deleted = 0',
      [customerKey],
    );
    expect(lines).toHaveLength(1);
  });

  it('lets a zip staff forced for the customer order, and no one else', async () => {
    const [{ token, customerKey }, other] = [await buyer(), await buyer()];
    for (const who of [token, other.token]) await shipTo(who, ANCHORAGE);
    const offer = await row('forced');
    const forced = await t.post(
      '/api/customer/update_force_zipcode',
      { customer: customerKey, zipcode: '99501' },
      manager,
    );
    expect(forced.status).toBe(200);
    expect(
      (await t.post('/api/cart_box/add_to_cart', addArgs(offer, day(3), 1), token)).status,
    ).toBe(200);
    const theirs = await t.post(
      '/api/cart_box/add_to_cart',
      addArgs(offer, day(3), 1),
      other.token,
    );
    expect(theirs.status).toBe(400);
  });

  it('checkout removes lines and boxes whose address stopped being delivered that day, says why, and orders the rest', async () => {
    const { token, customerKey } = await buyer();
    const card = await saveTestCard(t, token);
    const [tuesdayRow, wednesdayRow, boxRow] = [
      await row('Tuesday line'),
      await row('Wednesday line'),
      await row('Wednesday box'),
    ];
    const [tuesday, wednesday] = [day(2), day(3)];
    for (const [offer, date] of [
      [tuesdayRow, tuesday],
      [wednesdayRow, wednesday],
    ] as const) {
      const added = await t.post('/api/cart_box/add_to_cart', addArgs(offer, date, 2), token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const boxed = await upsertBox(token, 'cb-wednesday', boxRow, wednesday);
    expect(boxed.status, JSON.stringify(boxed.body)).toBe(200);
    expect((await t.post('/api/cart_box/close_box', { key: 'cb-wednesday' }, token)).status).toBe(
      200,
    );
    const stockOfWednesday = await stockOf(t.sql, wednesdayRow.inventory_key);

    // The trucks to zip 070 now run on Tuesdays and Thursdays only.
    await t.sql.run(
      "INSERT INTO delivery_schedules (region, weekdays, cutoff) VALUES ('zip:070', '2,4', '12:00')",
    );
    cleanups.push(() => t.sql.run("DELETE FROM delivery_schedules WHERE region = 'zip:070'"));
    const reason = scheduleMessages.noDeliveryThatDay('Wednesday', '07030');
    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, token)).body,
    );
    expect(review.lines.map((line) => line.eta_date)).toEqual([tuesday]);
    expect(review.custom_boxes).toEqual([]);
    expect(review.removed_products).toEqual([
      expect.objectContaining({ eta_date: wednesday, boxes: 2, reason }),
      expect.objectContaining({ eta_date: wednesday, boxes: 1, reason }),
    ]);

    const placed = await t.post<{ order: { lines: { eta_date: number }[] } }>(
      '/api/checkout/place_order',
      { card_key: card.key },
      token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orders = await t.sql.all<{ doc: string }>(
      'SELECT doc FROM orders WHERE customer_key = ?',
      [customerKey],
    );
    expect(orders).toHaveLength(1);
    const order = orderSchema.parse(JSON.parse(orders[0]?.doc ?? '{}'));
    expect(order.lines.map((line) => line.eta_date)).toEqual([tuesday]);
    expect(order.custom_boxes).toEqual([]);
    expect(order.removed_products.map((p) => p.reason)).toEqual([reason, reason]);
    // The removed line's boxes are back on sale, and the buyer is told.
    expect(await stockOf(t.sql, wednesdayRow.inventory_key)).toBe(
      stockOfWednesday + unitsForBoxes(wednesdayRow, 2),
    );
    const notices = await t.sql.all<{ doc: string }>(
      'SELECT doc FROM notices WHERE customer_key = ?',
      [customerKey],
    );
    expect(notices.map((n) => (JSON.parse(n.doc) as { message: string }).message)).toEqual(
      expect.arrayContaining([expect.stringContaining(reason)]),
    );
    expect(
      await t.sql.all('SELECT key FROM cart_lines WHERE customer_key = ? AND deleted = 0', [
        customerKey,
      ]),
    ).toEqual([]);
  });

  it('place_order refuses a cart whose chosen address is not delivered: no order, no charge', async () => {
    const { token, customerKey } = await buyer();
    const card = await saveTestCard(t, token);
    const offer = await row('then Anchorage');
    const added = await t.post('/api/cart_box/add_to_cart', addArgs(offer, day(3), 1), token);
    expect(added.status).toBe(200);
    // The audit's order: the line is added for Hoboken, then the order is sent to Anchorage.
    await shipTo(token, ANCHORAGE, 'onetime-ak-1');
    const review = checkoutReviewSchema.parse(
      (await t.post('/api/checkout/review', {}, token)).body,
    );
    expect(review.lines).toEqual([]);
    expect(review.removed_products).toEqual([
      expect.objectContaining({ reason: scheduleMessages.zipcodeNotDelivered('99501') }),
    ]);
    const placed = await t.post('/api/checkout/place_order', { card_key: card.key }, token);
    expect(placed.status).toBe(409);
    expect(JSON.stringify(placed.body)).toContain('Stemline does not deliver to 99501 yet.');
    expect(await t.sql.all('SELECT key FROM orders WHERE customer_key = ?', [customerKey])).toEqual(
      [],
    );
    expect(
      await t.sql.all('SELECT key FROM cart_lines WHERE customer_key = ? AND deleted = 0', [
        customerKey,
      ]),
    ).toHaveLength(1);
  });
});
