import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  favoriteKey,
  favoriteSchema,
  pullAnswerSchema,
  pushAnswerSchema,
  type Favorite,
  type Variety,
} from '@stemline/shared';
import { checkoutStateOf } from '../test-support/checkout-state';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

describe('favourites', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let grower = '';
  let varieties: Variety[] = [];
  let next = 0;
  /** A variety no test has used yet. */
  const fresh = (): Variety => {
    const variety = varieties[next];
    next += 1;
    if (!variety) throw new Error('out of varieties');
    return variety;
  };

  const favorites = (token: string, body: unknown) => t.post('/api/favorites', body, token);
  async function list(token: string): Promise<Favorite[]> {
    const answer = await favorites(token, { action: 'LIST' });
    expect(answer.status).toBe(200);
    return (answer.body as { results: unknown[] }).results.map((f) => favoriteSchema.parse(f));
  }
  const keysOf = async (token: string) => (await list(token)).map((f) => f.variety_key).sort();
  const run = (token: string, key: string, params: unknown) =>
    t.post('/api/cs/run', { key, params }, token);

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, grower] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.grower),
    ]);
    const [day] = t.deliveryDates(1);
    varieties = (await t.catalog(florist, day ?? 0)).varieties;
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  describe('POST /api/favorites', () => {
    it('ADD favourites a variety under its favorite_key; adding again changes nothing', async () => {
      const variety = fresh();
      const answer = await favorites(florist, {
        customer: 'c-bennett',
        action: 'ADD',
        variety_key: variety.key,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        result: {
          key: favoriteKey(variety.key),
          favorite_key: favoriteKey(variety.key),
          variety_key: variety.key,
          variety_name: variety.name,
          created_at: t.clock.now,
        },
      });
      const before = await checkoutStateOf(t.sql);
      expect((await favorites(florist, { action: 'ADD', variety_key: variety.key })).status).toBe(
        200,
      );
      expect(await checkoutStateOf(t.sql)).toEqual(before);
      expect(await keysOf(florist)).toContain(variety.key);
      expect(await keysOf(newbuyer)).not.toContain(variety.key);
    });

    it('REMOVE by favorite_key or by variety_key; removing what is not there is 404 and changes nothing', async () => {
      const [a, b] = [fresh(), fresh()];
      await favorites(florist, { action: 'ADD', variety_key: a.key });
      await favorites(florist, { action: 'ADD', variety_key: b.key });
      expect(
        (await favorites(florist, { action: 'REMOVE', favorite_key: favoriteKey(a.key) })).status,
      ).toBe(200);
      expect((await favorites(florist, { action: 'REMOVE', variety_key: b.key })).status).toBe(200);
      expect(await keysOf(florist)).not.toContain(a.key);
      expect(await keysOf(florist)).not.toContain(b.key);
      const before = await checkoutStateOf(t.sql);
      const again = await favorites(florist, { action: 'REMOVE', variety_key: a.key });
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({
        success: false,
        error: checkoutMessages.favoriteNotFound,
      });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it('EDIT moves a favourite to another variety', async () => {
      const [from, to] = [fresh(), fresh()];
      await favorites(florist, { action: 'ADD', variety_key: from.key });
      const answer = await favorites(florist, {
        action: 'EDIT',
        favorite_key: favoriteKey(from.key),
        variety_key: to.key,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        result: { favorite_key: favoriteKey(to.key), variety_key: to.key },
      });
      const keys = await keysOf(florist);
      expect(keys).toContain(to.key);
      expect(keys).not.toContain(from.key);
    });

    it('refuses, changing nothing: an unknown or inactive variety, a favourite of another customer, another customer’s list', async () => {
      const inactive = fresh();
      await t.sql.run('UPDATE varieties SET active = 0 WHERE key = ?', [inactive.key]);
      const theirs = fresh();
      await favorites(newbuyer, { action: 'ADD', variety_key: theirs.key });
      const cases: [unknown, number, string][] = [
        [{ action: 'ADD', variety_key: 'v-nope' }, 404, checkoutMessages.varietyNotFound],
        [{ action: 'ADD', variety_key: inactive.key }, 404, checkoutMessages.varietyNotFound],
        [
          { action: 'REMOVE', favorite_key: favoriteKey(theirs.key) },
          404,
          checkoutMessages.favoriteNotFound,
        ],
        [
          { action: 'EDIT', favorite_key: favoriteKey(theirs.key), variety_key: fresh().key },
          404,
          checkoutMessages.favoriteNotFound,
        ],
        [{ action: 'LIST', customer: 'c-park' }, 403, 'You cannot do that with this account.'],
      ];
      for (const [body, status, error] of cases) {
        const before = await checkoutStateOf(t.sql);
        const answer = await favorites(florist, body);
        expect(answer.status, JSON.stringify(body)).toBe(status);
        expect(answer.body).toMatchObject({ success: false, error });
        expect(await checkoutStateOf(t.sql)).toEqual(before);
      }
      expect(await keysOf(newbuyer)).toContain(theirs.key);
    });

    it.each([
      ['no action', { variety_key: 'v-1' }],
      ['a lowercase action', { action: 'add', variety_key: 'v-1' }],
      ['ADD without a variety', { action: 'ADD' }],
      ['a variety that is an object', { action: 'ADD', variety_key: { $ne: null } }],
      ['REMOVE with neither key', { action: 'REMOVE' }],
    ])('refuses a malformed body (%s) with 400', async (_case, body) => {
      const before = await checkoutStateOf(t.sql);
      const answer = await favorites(florist, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it('refuses staff without a customer (403) and visitors (401)', async () => {
      expect((await favorites(grower, { action: 'LIST' })).status).toBe(403);
      expect((await t.post('/api/favorites', { action: 'LIST' })).status).toBe(401);
    });
  });

  describe('run operations', () => {
    it('cs_add_favorites adds several at once, and none when any variety is unknown', async () => {
      const [a, b] = [fresh(), fresh()];
      const answer = await run(florist, 'cs_add_favorites', {
        customer: 'c-bennett',
        varieties: [a.key, b.key, a.key],
      });
      expect(answer.status).toBe(200);
      expect((answer.body as { results: Favorite[] }).results.map((f) => f.variety_key)).toEqual([
        a.key,
        b.key,
      ]);
      const c = fresh();
      const before = await checkoutStateOf(t.sql);
      const refused = await run(florist, 'cs_add_favorites', { varieties: [c.key, 'v-nope'] });
      expect(refused.status).toBe(404);
      expect(await checkoutStateOf(t.sql)).toEqual(before);
      expect(await keysOf(florist)).not.toContain(c.key);
    });

    it('favorite_variety_handler sets, clears or toggles one variety', async () => {
      const variety = fresh();
      const call = (params: Record<string, unknown>) =>
        run(newbuyer, 'favorite_variety_handler', { variety_key: variety.key, ...params });
      expect((await call({})).body).toEqual({
        success: true,
        isFavorite: true,
        favorite_key: favoriteKey(variety.key),
      });
      expect((await call({ favorite: true })).body).toMatchObject({ isFavorite: true });
      expect((await call({})).body).toMatchObject({ isFavorite: false });
      expect(await keysOf(newbuyer)).not.toContain(variety.key);
      expect((await call({ favorite: false })).body).toMatchObject({ isFavorite: false });
      expect((await call({ favorite: 'yes' })).status).toBe(400);
      expect(
        (await run(newbuyer, 'favorite_variety_handler', { variety_key: 'v-nope', favorite: true }))
          .status,
      ).toBe(404);
    });
  });

  describe('queued mutations (offline favourites)', () => {
    const mutation = (name: string, variety_key: unknown) => ({
      id: `m-${randomUUID()}`,
      clientId: 'tablet',
      name,
      args: { variety_key },
      createdAt: t.clock.now,
    });
    const push = (token: string, mutations: unknown[]) =>
      t.post('/api/sync/push', { clientId: 'tablet', mutations }, token);

    it('applies a batch of toggles made offline in order, and the result comes back through pull', async () => {
      const [a, b] = [fresh(), fresh()];
      const checkpoint =
        (await t.sql.one<{ value: number }>('SELECT value FROM change_seq'))?.value ?? 0;
      const batch = [
        mutation('add_favorite', a.key),
        mutation('add_favorite', b.key),
        mutation('remove_favorite', a.key),
        mutation('remove_favorite', 'v-never-favourited'),
      ];
      const answer = await push(florist, batch);
      expect(answer.status).toBe(200);
      expect(pushAnswerSchema.parse(answer.body).results.map((r) => r.status)).toEqual([
        'applied',
        'applied',
        'applied',
        'applied',
      ]);
      const pulled = pullAnswerSchema.parse(
        (await t.get(`/api/sync/pull/favorites?checkpoint=${checkpoint}`, florist)).body,
      );
      const state = new Map(pulled.documents.map((doc) => [doc.variety_key, doc._deleted]));
      expect(state.get(a.key)).toBe(true);
      expect(state.get(b.key)).toBe(false);
      expect(await keysOf(florist)).toContain(b.key);

      const before = await checkoutStateOf(t.sql);
      expect(pushAnswerSchema.parse((await push(florist, batch)).body).results).toEqual(
        pushAnswerSchema.parse(answer.body).results,
      );
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it('answers an unknown variety or malformed args as rejected results', async () => {
      const answer = await push(newbuyer, [
        mutation('add_favorite', 'v-nope'),
        mutation('add_favorite', 42),
      ]);
      expect(pushAnswerSchema.parse(answer.body).results).toEqual([
        expect.objectContaining({
          status: 'rejected',
          code: 'not_found',
          message: checkoutMessages.varietyNotFound,
        }),
        expect.objectContaining({ status: 'rejected', code: 'invalid_args' }),
      ]);
    });
  });
});
