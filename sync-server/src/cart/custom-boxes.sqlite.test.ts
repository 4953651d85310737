import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bunchesInStock,
  guestMessages,
  percentPerBunch,
  stemlineMessages,
  type CustomBox,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  stockOf,
  databaseStateOf,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';
import { onPostgres } from '../test-support/test-database';
import { closeWriteGate } from '../test-support/write-gate';

interface BoxAnswer {
  success: boolean;
  box: CustomBox | null;
  error: string | null;
}

const unitsPerBunch = (offer: Offer): number => (offer.uom === 'bunch' ? 1 : offer.stems_per_bunch);

describe('custom boxes', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let day = 0;
  let rows: Offer[] = [];
  let otherGrowerRow: Offer;
  let openMarketRow: Offer;
  let serial = 0;
  const newKey = () => `cb-test-box-${(serial += 1)}`;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    [day = 0] = t.deliveryDates(1);
    const offers = (await t.catalog(florist, day)).offers;
    const regular = offers.filter(
      (o) => !o.open_market && bunchesInStock(o) >= 40 && percentPerBunch(o) <= 25,
    );
    const byGrower = new Map<string, Offer[]>();
    for (const offer of regular)
      byGrower.set(offer.grower_key, [...(byGrower.get(offer.grower_key) ?? []), offer]);
    const [, growerRows = []] = [...byGrower.entries()].find(([, list]) => list.length >= 3) ?? [];
    rows = growerRows;
    const other = regular.find((o) => o.grower_key !== rows[0]?.grower_key);
    const open = offers.find((o) => o.open_market);
    if (rows.length < 3 || !other || !open) throw new Error('seed lacks suitable rows');
    otherGrowerRow = other;
    openMarketRow = open;
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

  it('fills a box with bunches of one grower, taking exactly their stock', async () => {
    const [a, b] = [row(0), row(1)];
    const before = [await stockOf(t.sql, a.inventory_key), await stockOf(t.sql, b.inventory_key)];
    const answer = await upsert({
      key: newKey(),
      grower: a.grower_key,
      eta_date: day,
      items: [
        { inventory: a.inventory_key, quantity: 2 },
        { inventory: b.inventory_key, quantity: 1 },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.box?.fill_percent).toBeCloseTo(
      2 * percentPerBunch(a) + percentPerBunch(b),
      2,
    );
    expect(await stockOf(t.sql, a.inventory_key)).toBe((before[0] ?? 0) - 2 * unitsPerBunch(a));
    expect(await stockOf(t.sql, b.inventory_key)).toBe((before[1] ?? 0) - unitsPerBunch(b));
  });

  it('sets the content exactly on a second upsert, returning what was taken out', async () => {
    const a = row(2);
    const key = newKey();
    const start = await stockOf(t.sql, a.inventory_key);
    await upsert({
      key,
      grower: a.grower_key,
      eta_date: day,
      items: [{ inventory: a.inventory_key, quantity: 3 }],
    });
    await upsert({
      key,
      grower: a.grower_key,
      eta_date: day,
      items: [{ inventory: a.inventory_key, quantity: 1 }],
    });
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start - unitsPerBunch(a));
    const removed = await t.post<BoxAnswer>(
      '/api/cart_box/remove_from_box',
      { key, inventory: a.inventory_key },
      florist,
    );
    expect(removed.body).toMatchObject({ success: true, box: null });
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start);
  });

  it('run remove_custom_box_item answers a refusal as its REST twin does: status and code', async () => {
    const before = await databaseStateOf(t.sql);
    const args = { key: 'cb-not-in-cart', inventory: row(0).inventory_key };
    const rest = await t.post('/api/cart_box/remove_from_box', args, florist);
    const ran = await t.post(
      '/api/cs/run',
      { key: 'remove_custom_box_item', params: args },
      florist,
    );
    expect(rest.status).toBe(404);
    expect(ran.status).toBe(rest.status);
    expect(ran.body).toEqual({
      success: false,
      error: stemlineMessages.boxNotInCart,
      code: 'offer_not_found',
    });
    expect(ran.body).toMatchObject(rest.body);
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('refuses more than 100% and changes nothing', async () => {
    const a = row(0);
    const tooMany = Math.floor(100 / percentPerBunch(a)) + 1;
    const before = await databaseStateOf(t.sql);
    const answer = await upsert({
      key: newKey(),
      grower: a.grower_key,
      eta_date: day,
      items: [{ inventory: a.inventory_key, quantity: tooMany }],
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(
      /^That does not fit: the box would be \d+% full\. A box holds 100%\.$/,
    );
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('holds one grower only, and no open-market rows', async () => {
    const before = await databaseStateOf(t.sql);
    const mixed = await upsert({
      key: newKey(),
      grower: row(0).grower_key,
      eta_date: day,
      items: [
        { inventory: row(0).inventory_key, quantity: 1 },
        { inventory: otherGrowerRow.inventory_key, quantity: 1 },
      ],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toBe(
      'A custom box holds the flowers of one grower; start another box for this grower.',
    );
    const open = await upsert({
      key: newKey(),
      grower: openMarketRow.grower_key,
      eta_date: day,
      items: [{ inventory: openMarketRow.inventory_key, quantity: 1 }],
    });
    expect(open.body.error).toBe(
      'Open-market offers are sold by the full box, not in custom boxes.',
    );
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('a closed box cannot change until opened', async () => {
    const a = row(1);
    const key = newKey();
    await upsert({
      key,
      grower: a.grower_key,
      eta_date: day,
      items: [{ inventory: a.inventory_key, quantity: 1 }],
    });
    expect(
      (await t.post<BoxAnswer>('/api/cart_box/close_box', { key }, florist)).body.box?.closed,
    ).toBe(true);
    const refused = await upsert({
      key,
      grower: a.grower_key,
      eta_date: day,
      items: [{ inventory: a.inventory_key, quantity: 2 }],
    });
    expect(refused.body.error).toBe('This box is closed. Open it to change what is inside.');
    expect(
      (await t.post<BoxAnswer>('/api/cart_box/open_box', { key }, florist)).body.box?.closed,
    ).toBe(false);
    expect(
      (
        await upsert({
          key,
          grower: a.grower_key,
          eta_date: day,
          items: [{ inventory: a.inventory_key, quantity: 2 }],
        })
      ).status,
    ).toBe(200);
  });

  it('takes no bunches for a guest whose email is not confirmed, and changes nothing', async () => {
    // The demo guest never confirmed its email; its lines are held 30 minutes, boxes refused.
    const guest = await t.login(accounts.guest);
    const a = row(0);
    const before = await databaseStateOf(t.sql);
    const answer = await upsert(
      {
        key: newKey(),
        grower: a.grower_key,
        eta_date: day,
        items: [{ inventory: a.inventory_key, quantity: 2 }],
      },
      guest,
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, error: guestMessages.confirmEmailFirst });
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('delete_boxes removes a custom box and returns all its stock; other customers cannot touch it', async () => {
    const a = row(2);
    const key = newKey();
    const start = await stockOf(t.sql, a.inventory_key);
    await upsert({
      key,
      grower: a.grower_key,
      eta_date: day,
      items: [{ inventory: a.inventory_key, quantity: 2 }],
    });
    const stranger = await t.post<{ results: { status: string }[] }>(
      '/api/cart_box/delete_boxes',
      { keys: [key] },
      newbuyer,
    );
    expect(stranger.body.results[0]?.status).toBe('rejected');
    const mine = await t.post<{ results: { status: string }[] }>(
      '/api/cart_box/delete_boxes',
      { keys: [key] },
      florist,
    );
    expect(mine.body.results[0]?.status).toBe('applied');
    expect(await stockOf(t.sql, a.inventory_key)).toBe(start);
  });

  it('search_cartbox_key finds the boxes holding a row', async () => {
    const a = row(0);
    const key = newKey();
    await upsert({
      key,
      grower: a.grower_key,
      eta_date: day,
      items: [{ inventory: a.inventory_key, quantity: 1 }],
    });
    const found = await t.post<{ results: string[] }>(
      '/api/cart_box/search_cartbox_key',
      { inventory: a.inventory_key },
      florist,
    );
    expect(found.body.results).toContain(key);
    expect((await t.post('/api/cart_box/search_cartbox_key', {}, florist)).status).toBe(400);
  });

  it('upserts through the queued mutation path with the same rules, idempotently', async () => {
    const a = row(1);
    const key = newKey();
    const batch = {
      clientId: 'tablet',
      mutations: [
        {
          id: 'cb-mut-0001',
          clientId: 'tablet',
          name: 'upsert_custom_box',
          createdAt: 1,
          args: {
            key,
            grower: a.grower_key,
            eta_date: day,
            items: [{ inventory: a.inventory_key, quantity: 2 }],
          },
        },
        { id: 'cb-mut-0002', clientId: 'tablet', name: 'close_box', createdAt: 2, args: { key } },
      ],
    };
    const first = await t.post<{ results: { status: string }[] }>('/api/sync/push', batch, florist);
    expect(first.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const state = await databaseStateOf(t.sql);
    expect((await t.post('/api/sync/push', batch, florist)).body).toEqual(first.body);
    expect(await databaseStateOf(t.sql)).toEqual(state);
    const pull = await t.get<{ documents: CustomBox[] }>(
      '/api/sync/pull/custom_boxes?checkpoint=0&limit=1000',
      florist,
    );
    expect(pull.body.documents.find((box) => box.key === key)).toMatchObject({
      closed: true,
      items: [{ bunches: 2 }],
    });
  });

  it.runIf(onPostgres)(
    'two upserts of one box racing on two connections take the stock of one content only',
    async () => {
      const a = row(2);
      const key = newKey();
      const before = await stockOf(t.sql, a.inventory_key);
      const body = {
        key,
        grower: a.grower_key,
        eta_date: day,
        items: [{ inventory: a.inventory_key, quantity: 3 }],
      };
      const gate = await closeWriteGate(t);
      let first: ReturnType<typeof upsert>;
      let second: ReturnType<typeof upsert>;
      try {
        // The first has read the box (none yet) and waits at the gate; the second comes next.
        first = upsert(body);
        await gate.waiting(1);
        second = upsert(body);
        await gate.waiting(2);
      } finally {
        await gate.open();
      }

      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
      expect(await stockOf(t.sql, a.inventory_key)).toBe(before - 3 * unitsPerBunch(a));
      expect((await second).body.box?.items).toEqual([
        expect.objectContaining({ inventory_key: a.inventory_key, bunches: 3 }),
      ]);
    },
  );
});
