import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  pushAnswerSchema,
  unitsPerBox,
  type BoxChangeResult,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  addArgs,
  stockOf,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  withBoxes,
  type TestServer,
} from '../test-support/test-server';

interface ChangesAnswer {
  success: boolean;
  results: BoxChangeResult[];
}

describe('cart line changes (execute_box_changes, validate_box_changes, delete_boxes)', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let day = 0;
  let pick: ReturnType<typeof createOfferPicker>;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    [day = 0] = t.deliveryDates(1);
    pick = createOfferPicker((await t.catalog(florist, day)).offers.filter((o) => !o.open_market));
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  async function lineOf(offer: Offer, boxes: number, token = florist): Promise<string> {
    const answer = await t.post('/api/cart_box/add_to_cart', addArgs(offer, day, boxes), token);
    expect(answer.status).toBe(200);
    return cartLineKey(offer.inventory_key, day);
  }

  it('lowers a line and returns exactly the released stock', async () => {
    const offer = pick('has 10 boxes', withBoxes(10));
    const key = await lineOf(offer, 6);
    const before = await stockOf(t.sql, offer.inventory_key);
    const answer = await t.post<ChangesAnswer>(
      '/api/cart_box/execute_box_changes',
      { changes: [{ key, boxes: 2 }] },
      florist,
    );
    expect(answer.body.results).toEqual([{ key, status: 'applied', boxes: 2, message: null }]);
    expect(await stockOf(t.sql, offer.inventory_key)).toBe(before + 4 * unitsPerBox(offer));
  });

  it('raises a line only as far as the stock allows and says how many were left', async () => {
    const offer = pick('has 5 boxes', withBoxes(5));
    const key = await lineOf(offer, 2);
    const answer = await t.post<ChangesAnswer>(
      '/api/cart_box/execute_box_changes',
      { changes: [{ key, boxes: 9 }] },
      florist,
    );
    expect(answer.body.results[0]).toMatchObject({
      status: 'applied',
      boxes: 5,
      message: 'Only 3 boxes were left',
    });
    expect(Math.floor((await stockOf(t.sql, offer.inventory_key)) / unitsPerBox(offer))).toBe(0);
  });

  it('validates without writing anything', async () => {
    const offer = pick('has 4 boxes', withBoxes(4));
    const key = await lineOf(offer, 1);
    const before = await databaseStateOf(t.sql);
    const answer = await t.post<ChangesAnswer>(
      '/api/cart_box/validate_box_changes',
      { changes: [{ key, boxes: 3 }] },
      florist,
    );
    expect(answer.body).toMatchObject({
      success: true,
      results: [{ key, status: 'applied', boxes: 3 }],
    });
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('deletes lines, returns their stock, and reports keys that are not in the cart', async () => {
    const offer = pick('has 3 boxes', withBoxes(3));
    const key = await lineOf(offer, 3);
    const answer = await t.post<ChangesAnswer>(
      '/api/cart_box/delete_boxes',
      { keys: [key, 'no-such-line'] },
      florist,
    );
    expect(answer.body.results).toEqual([
      { key, status: 'applied', boxes: 0, message: null },
      {
        key: 'no-such-line',
        status: 'rejected',
        boxes: 0,
        message: 'That line is no longer in your cart.',
      },
    ]);
    expect(await stockOf(t.sql, offer.inventory_key)).toBe(offer.available);
    const pull = await t.get<{ documents: { key: string; _deleted: boolean }[] }>(
      '/api/sync/pull/cart_lines?checkpoint=0&limit=1000',
      florist,
    );
    expect(pull.body.documents.find((doc) => doc.key === key)?._deleted).toBe(true);
  });

  it("never touches another customer's line with the same key", async () => {
    const offer = pick('has 6 boxes', withBoxes(6));
    const key = await lineOf(offer, 2, newbuyer);
    const before = await databaseStateOf(t.sql);
    const answer = await t.post<ChangesAnswer>(
      '/api/cart_box/delete_boxes',
      { keys: [key] },
      florist,
    );
    expect(answer.body.results[0]?.status).toBe('rejected');
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('refuses malformed changes with 400 and changes nothing', async () => {
    const before = await databaseStateOf(t.sql);
    for (const body of [
      { changes: [{ key: 'a', boxes: 'abc' }] },
      { changes: [] },
      { keys: [] },
      {},
    ]) {
      const answer = await t.post('/api/cart_box/execute_box_changes', body, florist);
      expect(answer.status).toBe(400);
    }
    expect((await t.post('/api/cart_box/delete_boxes', { keys: [] }, florist)).status).toBe(400);
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('applies the same changes as queued mutations, idempotently', async () => {
    const offer = pick('has 8 boxes', withBoxes(8));
    const key = await lineOf(offer, 4);
    const batch = {
      clientId: 'device-1',
      mutations: [
        {
          id: 'change-0001',
          clientId: 'device-1',
          name: 'execute_box_changes',
          args: { changes: [{ key, boxes: 1 }] },
          createdAt: 1,
        },
        {
          id: 'delete-0001',
          clientId: 'device-1',
          name: 'delete_boxes',
          args: { keys: [key] },
          createdAt: 2,
        },
      ],
    };
    const first = pushAnswerSchema.parse((await t.post('/api/sync/push', batch, florist)).body);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const after = await databaseStateOf(t.sql);
    const replay = pushAnswerSchema.parse((await t.post('/api/sync/push', batch, florist)).body);
    expect(replay).toEqual(first);
    expect(await databaseStateOf(t.sql)).toEqual(after);
    expect(await stockOf(t.sql, offer.inventory_key)).toBe(offer.available);
  });
});
