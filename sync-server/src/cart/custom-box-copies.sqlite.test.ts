import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bunchesInStock,
  percentPerBunch,
  stemlineMessages,
  type CustomBox,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  databaseStateOf,
  startTestServer,
  stockOf,
  type TestServer,
} from '../test-support/test-server';

interface BoxAnswer {
  success: boolean;
  box: CustomBox | null;
  error: string | null;
  code?: string;
}

const unitsPerBunch = (offer: Offer): number => (offer.uom === 'bunch' ? 1 : offer.stems_per_bunch);

/**
 * Several identical custom boxes (spec §3 cart box `number_boxes`, §9 "Boxes per option: max
 * 30"): one box's content, ordered N times, holds its bunches × N of stock.
 */
describe('custom boxes: number_boxes', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let day = 0;
  let rows: Offer[] = [];
  let serial = 0;
  const newKey = () => `cb-copies-${(serial += 1)}`;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    [day = 0] = t.deliveryDates(1);
    const regular = (await t.catalog(florist, day)).offers.filter(
      (o) => !o.open_market && bunchesInStock(o) >= 40 && percentPerBunch(o) <= 25,
    );
    const byGrower = new Map<string, Offer[]>();
    for (const offer of regular)
      byGrower.set(offer.grower_key, [...(byGrower.get(offer.grower_key) ?? []), offer]);
    rows = [...byGrower.values()].find((list) => list.length >= 3) ?? [];
    if (rows.length < 3) throw new Error('seed lacks a grower with three suitable rows');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const upsert = (body: Record<string, unknown>, token = florist) =>
    t.post<BoxAnswer>('/api/cart_box/upsert_custom_box', body, token);
  const row = (index: number): Offer => {
    const offer = rows[index];
    if (!offer) throw new Error(`no row ${index}`);
    return offer;
  };
  const boxOf = (offer: Offer, key: string, bunches: number, extra: object = {}) => ({
    key,
    grower: offer.grower_key,
    eta_date: day,
    items: [{ inventory: offer.inventory_key, quantity: bunches }],
    ...extra,
  });

  it('answers the count asked for and takes the bunches of every box from stock', async () => {
    const [a, b] = [row(0), row(1)];
    const before = [await stockOf(t.sql, a.inventory_key), await stockOf(t.sql, b.inventory_key)];
    const answer = await upsert({
      key: newKey(),
      grower: a.grower_key,
      eta_date: day,
      number_boxes: 5,
      items: [
        { inventory: a.inventory_key, quantity: 2 },
        { inventory: b.inventory_key, quantity: 1 },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.box).toMatchObject({ number_boxes: 5 });
    // The fill is of one box: the five are alike.
    expect(answer.body.box?.fill_percent).toBeCloseTo(
      2 * percentPerBunch(a) + percentPerBunch(b),
      2,
    );
    expect(await stockOf(t.sql, a.inventory_key)).toBe((before[0] ?? 0) - 5 * 2 * unitsPerBunch(a));
    expect(await stockOf(t.sql, b.inventory_key)).toBe((before[1] ?? 0) - 5 * unitsPerBunch(b));
  });

  it('lowering and raising the count returns and takes the difference in boxes', async () => {
    const a = row(2);
    const key = newKey();
    const start = await stockOf(t.sql, a.inventory_key);
    await upsert(boxOf(a, key, 2, { number_boxes: 4 }));
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start - 8 * unitsPerBunch(a));
    const lowered = await upsert(boxOf(a, key, 2, { number_boxes: 1 }));
    expect(lowered.body.box?.number_boxes).toBe(1);
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start - 2 * unitsPerBunch(a));
    const raised = await upsert(boxOf(a, key, 2, { number_boxes: 3 }));
    expect(raised.body.box?.number_boxes).toBe(3);
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start - 6 * unitsPerBunch(a));
    await t.post('/api/cart_box/delete_boxes', { keys: [key] }, florist);
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start);
  });

  it('an upsert without a count keeps the box’s count, and changes bunches in every box', async () => {
    const [a, b] = [row(0), row(1)];
    const key = newKey();
    const start = [await stockOf(t.sql, a.inventory_key), await stockOf(t.sql, b.inventory_key)];
    await upsert(boxOf(a, key, 1, { number_boxes: 3 }));
    const refilled = await upsert({
      key,
      grower: a.grower_key,
      eta_date: day,
      items: [
        { inventory: a.inventory_key, quantity: 2 },
        { inventory: b.inventory_key, quantity: 1 },
      ],
    });
    expect(refilled.body.box?.number_boxes).toBe(3);
    expect(await stockOf(t.sql, a.inventory_key)).toBe((start[0] ?? 0) - 6 * unitsPerBunch(a));
    expect(await stockOf(t.sql, b.inventory_key)).toBe((start[1] ?? 0) - 3 * unitsPerBunch(b));

    // Taking a row out returns its bunches of all three boxes; the count stays.
    const removed = await t.post<BoxAnswer>(
      '/api/cart_box/remove_from_box',
      { key, inventory: b.inventory_key },
      florist,
    );
    expect(removed.body.box?.number_boxes).toBe(3);
    expect(await stockOf(t.sql, b.inventory_key)).toBe(start[1]);
    await t.post('/api/cart_box/delete_boxes', { keys: [key] }, florist);
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start[0]);
  });

  it('the queued mutation sets the count with the same rules', async () => {
    const a = row(1);
    const key = newKey();
    const start = await stockOf(t.sql, a.inventory_key);
    const push = await t.post<{ results: { status: string }[] }>(
      '/api/sync/push',
      {
        clientId: 'tablet',
        mutations: [
          {
            id: 'cb-copies-mut-1',
            clientId: 'tablet',
            name: 'upsert_custom_box',
            createdAt: 1,
            args: boxOf(a, key, 2, { number_boxes: 4 }),
          },
        ],
      },
      florist,
    );
    expect(push.body.results.map((r) => r.status)).toEqual(['applied']);
    const pull = await t.get<{ documents: CustomBox[] }>(
      '/api/sync/pull/custom_boxes?checkpoint=0&limit=1000',
      florist,
    );
    expect(pull.body.documents.find((box) => box.key === key)).toMatchObject({ number_boxes: 4 });
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start - 8 * unitsPerBunch(a));
    await t.post('/api/cart_box/delete_boxes', { keys: [key] }, florist);
  });

  it.each([
    ['zero', 0],
    ['31, past the spec’s 30', 31],
    ['negative', -2],
    ['fractional', 2.5],
    ['a string', '5'],
    ['null', null],
  ])('refuses a count that is %s, changing nothing', async (_, count) => {
    const a = row(0);
    const key = newKey();
    await upsert(boxOf(a, key, 1, { number_boxes: 2 }));
    const before = await databaseStateOf(t.sql);
    const answer = await upsert(boxOf(a, key, 1, { number_boxes: count }));
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(await databaseStateOf(t.sql)).toEqual(before);
    await t.post('/api/cart_box/delete_boxes', { keys: [key] }, florist);
  });

  it('refuses a count that would take more stock than there is, changing nothing', async () => {
    const a = row(2);
    const key = newKey();
    await upsert(boxOf(a, key, 1));
    const left = await stockOf(t.sql, a.inventory_key);
    // The box holds 1 bunch and 3 are left: 4 bunches, so 2 boxes of 2 bunches at most.
    await t.sql.run('UPDATE offers SET available = ? WHERE inventory_key = ?', [
      3 * unitsPerBunch(a),
      a.inventory_key,
    ]);
    const before = await databaseStateOf(t.sql);
    const answer = await upsert(boxOf(a, key, 2, { number_boxes: 3 }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      error: stemlineMessages.onlyBoxesLeft(2),
      code: 'sold_out',
    });
    expect(await databaseStateOf(t.sql)).toEqual(before);
    // Two boxes fit exactly.
    const fits = await upsert(boxOf(a, key, 2, { number_boxes: 2 }));
    expect(fits.status).toBe(200);
    expect(await stockOf(t.sql, a.inventory_key)).toBe(0);
    await t.post('/api/cart_box/delete_boxes', { keys: [key] }, florist);
    await t.sql.run('UPDATE offers SET available = ? WHERE inventory_key = ?', [
      left,
      a.inventory_key,
    ]);
  });

  it('another customer’s box key reaches only the caller’s own cart', async () => {
    const a = row(1);
    const key = newKey();
    await upsert(boxOf(a, key, 1, { number_boxes: 2 }));
    const mine = async () =>
      (
        await t.get<{ documents: CustomBox[] }>(
          '/api/sync/pull/custom_boxes?checkpoint=0&limit=1000',
          florist,
        )
      ).body.documents.find((box) => box.key === key);
    const before = await mine();
    const stock = await stockOf(t.sql, a.inventory_key);
    const stranger = await upsert(boxOf(a, key, 1, { number_boxes: 9 }), newbuyer);
    // Whatever the stranger's own cart got, the florist's box and its stock are untouched.
    if (stranger.status === 200) {
      expect(stranger.body.box).toMatchObject({ number_boxes: 9, items: [{ bunches: 1 }] });
      expect(await stockOf(t.sql, a.inventory_key)).toBe(stock - 9 * unitsPerBunch(a));
      await t.post('/api/cart_box/delete_boxes', { keys: [key] }, newbuyer);
    }
    expect(await mine()).toEqual(before);
    expect(before?.number_boxes).toBe(2);
    const foreignRemove = await t.post<BoxAnswer>(
      '/api/cart_box/remove_from_box',
      { key, inventory: a.inventory_key },
      newbuyer,
    );
    expect(foreignRemove.status).toBe(404);
    expect(await mine()).toEqual(before);
    await t.post('/api/cart_box/delete_boxes', { keys: [key] }, florist);
  });
});
