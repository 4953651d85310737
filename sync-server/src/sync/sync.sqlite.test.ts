import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  cartLineSchema,
  MAX_PUSH_BATCH,
  noticeSchema,
  pullAnswerSchema,
  pushAnswerSchema,
  stemlineMessages,
  SYNCED_COLLECTIONS,
  unitsPerBox,
  type CartGroup,
  type MutationResult,
  type Offer,
  type PullAnswer,
} from '@stemline/shared';
import { openEventStream } from '../test-support/event-stream';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  withBoxes,
  type TestServer,
} from '../test-support/test-server';

const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

describe('sync', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let guest = '';
  let day1 = 0;
  let pick: ReturnType<typeof createOfferPicker>;
  const plenty = (): Offer =>
    pick('is a regular row with 10+ boxes', (o) => !o.open_market && stockBoxes(o) >= 10);

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, guest] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.guest),
    ]);
    [day1 = 0] = t.deliveryDates(1);
    pick = createOfferPicker((await t.catalog(florist, day1)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const mutation = (args: unknown, id = `m-${randomUUID()}`) => ({
    id,
    clientId: 'device-1',
    name: 'add_to_cart',
    args,
    createdAt: t.clock.now,
  });
  const push = (token: string, mutations: unknown[], clientId = 'device-1') =>
    t.post('/api/sync/push', { clientId, mutations }, token);

  async function pushOk(token: string, mutations: unknown[]): Promise<MutationResult[]> {
    const answer = await push(token, mutations);
    expect(answer.status).toBe(200);
    return pushAnswerSchema.parse(answer.body).results;
  }

  async function pull(
    token: string,
    collection: string,
    checkpoint = 0,
    limit?: number,
  ): Promise<PullAnswer> {
    const query = new URLSearchParams({
      checkpoint: String(checkpoint),
      ...(limit ? { limit: String(limit) } : {}),
    });
    const answer = await t.get(`/api/sync/pull/${collection}?${query.toString()}`, token);
    expect(answer.status).toBe(200);
    return pullAnswerSchema.parse(answer.body);
  }

  async function currentSeq(): Promise<number> {
    return (await t.get<{ seq: number }>('/api/health')).body.seq;
  }

  async function cartKeys(token: string): Promise<string[]> {
    const answer = await t.post<{ results: CartGroup[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    return answer.body.results.flatMap((group) => group.items.map((line) => line.key));
  }

  describe('POST /api/sync/push', () => {
    it('applies the mutations of a batch in order, answering one result each', async () => {
      const offer = pick('has exactly 3 boxes', withBoxes(3));
      const batch = [
        mutation(addArgs(offer, day1, 2)),
        mutation(addArgs(offer, day1, 2)),
        mutation(addArgs(offer, day1, 1)),
      ];
      const results = await pushOk(florist, batch);

      expect(results.map((result) => result.id)).toEqual(batch.map((m) => m.id));
      const [first, second, third] = results;
      expect(first).toMatchObject({ status: 'applied', message: null });
      expect(second).toMatchObject({
        status: 'applied',
        message: stemlineMessages.onlyBoxesLeft(1),
      });
      expect(third).toMatchObject({
        status: 'rejected',
        code: 'sold_out',
        message: stemlineMessages.soldOut,
      });
      expect(second?.appliedSeq).toBeGreaterThan(first?.appliedSeq ?? Infinity);

      const { documents } = await pull(florist, 'cart_lines');
      const line = documents.find((doc) => doc.key === cartLineKey(offer.inventory_key, day1));
      expect(line).toMatchObject({ boxes: 3, seq: second?.appliedSeq, _deleted: false });
    });

    it('answers a rejected mutation as a result, never an HTTP error, and still applies the later ones', async () => {
      const soldOut = pick('has exactly 1 box', withBoxes(1));
      expect((await pushOk(guest, [mutation(addArgs(soldOut, day1, 1))]))[0]?.status).toBe(
        'applied',
      );
      const good = plenty();

      const results = await pushOk(florist, [
        mutation(addArgs(soldOut, day1, 1)),
        mutation({ ...addArgs(good, day1, 1), variety: undefined }),
        mutation({ ...addArgs(good, day1, 1), inventory_key: 9_999_999 }),
        mutation(addArgs(good, day1, 0)),
        mutation(addArgs(good, day1, 2)),
      ]);
      expect(
        results.map((result) => (result.status === 'rejected' ? result.code : result.status)),
      ).toEqual(['sold_out', 'invalid_args', 'offer_not_found', 'invalid_quantity', 'applied']);
      expect(await cartKeys(florist)).toContain(cartLineKey(good.inventory_key, day1));
    });

    it('answers a replayed batch with the very same results and changes nothing', async () => {
      const offer = pick('has exactly 4 boxes', withBoxes(4));
      const batch = [
        mutation(addArgs(offer, day1, 3)),
        mutation(addArgs(offer, day1, 3)),
        mutation(addArgs(plenty(), day1, 1)),
      ];
      const first = await pushOk(newbuyer, batch);
      expect(first.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);

      const before = await databaseStateOf(t.sql);
      expect(await pushOk(newbuyer, batch)).toEqual(first);
      expect(await pushOk(newbuyer, [batch[1], batch[0]])).toEqual([first[1], first[0]]);
      const fromAnotherDevice = await push(newbuyer, batch, 'device-2');
      expect(pushAnswerSchema.parse(fromAnotherDevice.body).results).toEqual(first);
      expect(await databaseStateOf(t.sql)).toEqual(before);
    });

    it('applies a mutation id that appears twice in one batch once', async () => {
      const offer = plenty();
      const once = mutation(addArgs(offer, day1, 2));
      const [first, again] = await pushOk(guest, [once, once]);
      expect(again).toEqual(first);
      const { documents } = await pull(guest, 'cart_lines');
      expect(
        documents.find((doc) => doc.key === cartLineKey(offer.inventory_key, day1)),
      ).toMatchObject({ boxes: 2 });
    });

    it('refuses a mutation id another customer used, revealing nothing of that customer’s result', async () => {
      const partial = pick('has exactly 2 boxes', withBoxes(2));
      const floristMutation = mutation(addArgs(partial, day1, 5));
      const [floristResult] = await pushOk(florist, [floristMutation]);
      expect(floristResult).toMatchObject({
        status: 'applied',
        message: stemlineMessages.onlyBoxesLeft(2),
      });

      const before = await databaseStateOf(t.sql);
      const newbuyerCart = await cartKeys(newbuyer);
      const stolen = { ...floristMutation, args: addArgs(plenty(), day1, 1) };
      const answer = await push(newbuyer, [stolen]);
      expect(answer.status).toBe(200);
      const [result] = pushAnswerSchema.parse(answer.body).results;
      expect(result).toEqual({
        id: floristMutation.id,
        status: 'rejected',
        code: 'invalid_args',
        message: stemlineMessages.invalidRequest,
        appliedSeq: before.seq,
      });
      expect(JSON.stringify(answer.body)).not.toContain('Only');
      expect(await databaseStateOf(t.sql)).toEqual(before);
      expect(await cartKeys(newbuyer)).toEqual(newbuyerCart);
      expect(await pushOk(florist, [floristMutation])).toEqual([floristResult]);
    });

    describe('refuses a malformed batch with 400 and applies none of it', () => {
      let target: Offer | undefined;
      const valid = () => mutation(addArgs((target ??= plenty()), day1, 1));
      const cases: [string, () => unknown][] = [
        [
          'an unknown mutation name',
          () => ({ clientId: 'd', mutations: [valid(), { ...valid(), name: 'drop_table' }] }),
        ],
        [
          'more than 100 mutations',
          () => ({ clientId: 'd', mutations: Array.from({ length: MAX_PUSH_BATCH + 1 }, valid) }),
        ],
        ['a missing clientId', () => ({ mutations: [valid()] })],
        ['an empty clientId', () => ({ clientId: '', mutations: [valid()] })],
        ['no mutations', () => ({ clientId: 'd', mutations: [] })],
        ['mutations that are not a list', () => ({ clientId: 'd', mutations: valid() })],
        [
          'a mutation id shorter than 8 characters',
          () => ({ clientId: 'd', mutations: [valid(), { ...valid(), id: 'm-1' }] }),
        ],
        [
          'a mutation without an id',
          () => ({ clientId: 'd', mutations: [valid(), { ...valid(), id: undefined }] }),
        ],
        [
          'a fractional createdAt',
          () => ({ clientId: 'd', mutations: [valid(), { ...valid(), createdAt: 1.5 }] }),
        ],
        ['a list as the body', () => [valid()]],
      ];

      it.each(cases)('%s', async (_case, makeBody) => {
        const body = makeBody();
        const before = await databaseStateOf(t.sql);
        const answer = await t.post('/api/sync/push', body, florist);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
        expect(await databaseStateOf(t.sql)).toEqual(before);
      });

      it('a push without a token → 401, nothing applied', async () => {
        const before = await databaseStateOf(t.sql);
        const answer = await t.post('/api/sync/push', { clientId: 'd', mutations: [valid()] });
        expect(answer.status).toBe(401);
        expect(await databaseStateOf(t.sql)).toEqual(before);
      });
    });
  });

  describe('GET /api/sync/pull/:collection', () => {
    it('pages by limit with hasMore, then ends at the high-water mark; a pull from there is empty', async () => {
      const start = await currentSeq();
      const offers = [plenty(), plenty(), plenty(), plenty(), plenty()];
      const results = await pushOk(
        guest,
        offers.map((offer) => mutation(addArgs(offer, day1, 1))),
      );
      expect(results.every((result) => result.status === 'applied')).toBe(true);
      const highWater = await currentSeq();

      const pages: PullAnswer[] = [];
      let checkpoint = start;
      for (;;) {
        const page = await pull(guest, 'cart_lines', checkpoint, 2);
        pages.push(page);
        checkpoint = page.checkpoint;
        if (!page.hasMore) break;
        expect(page.documents).toHaveLength(2);
        expect(page.checkpoint).toBe(page.documents.at(-1)?.seq);
      }
      expect(pages.map((page) => page.documents.length)).toEqual([2, 2, 1]);
      expect(checkpoint).toBe(highWater);

      const documents = pages.flatMap((page) => page.documents);
      expect(documents.map((doc) => doc.key)).toEqual(
        offers.map((offer) => cartLineKey(offer.inventory_key, day1)),
      );
      const seqs = documents.map((doc) => doc.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      for (const doc of documents) {
        expect(doc._deleted).toBe(false);
        expect(doc.seq).toBeGreaterThan(start);
        expect(() => cartLineSchema.parse(doc)).not.toThrow();
      }

      expect(await pull(guest, 'cart_lines', checkpoint, 2)).toEqual({
        documents: [],
        hasMore: false,
        checkpoint,
      });
    });

    it('advances an idle customer’s checkpoint when other customers write', async () => {
      const { checkpoint } = await pull(florist, 'cart_lines', await currentSeq());
      await pushOk(newbuyer, [mutation(addArgs(plenty(), day1, 1))]);
      const later = await pull(florist, 'cart_lines', checkpoint);
      expect(later.documents).toEqual([]);
      expect(later.checkpoint).toBeGreaterThan(checkpoint);
    });

    it('returns only the caller’s own documents', async () => {
      const onlyNewbuyer = plenty();
      await pushOk(newbuyer, [mutation(addArgs(onlyNewbuyer, day1, 1))]);
      const pulled = (await pull(florist, 'cart_lines')).documents;
      expect(pulled.map((doc) => doc.key)).not.toContain(
        cartLineKey(onlyNewbuyer.inventory_key, day1),
      );
      expect(
        pulled
          .filter((doc) => !doc._deleted)
          .map((doc) => doc.key)
          .sort(),
      ).toEqual((await cartKeys(florist)).sort());
    });

    it.each([
      ['an unknown collection', '/api/sync/pull/users'],
      ['the idempotency table', '/api/sync/pull/mutations'],
      ['a path-escaping collection', '/api/sync/pull/..%2Fusers'],
      ['a negative checkpoint', '/api/sync/pull/cart_lines?checkpoint=-1'],
      ['a checkpoint that is not a number', '/api/sync/pull/cart_lines?checkpoint=abc'],
      ['a limit of 0', '/api/sync/pull/cart_lines?limit=0'],
      ['a limit over 1000', '/api/sync/pull/cart_lines?limit=1001'],
    ])('refuses %s with 400', async (_case, path) => {
      const answer = await t.get(path, florist);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false });
    });

    it('shows a released reservation as a tombstone with a newer seq, and a notice', async () => {
      const offer = pick(
        'is an open-market row with 3+ boxes',
        (o) => o.open_market && stockBoxes(o) >= 3,
      );
      const [applied] = await pushOk(newbuyer, [mutation(addArgs(offer, day1, 2))]);
      const checkpoint = await currentSeq();

      t.clock.advance(30 * 60_000);
      expect(await t.server.sweepReservations()).toBeGreaterThanOrEqual(1);

      const { documents } = await pull(newbuyer, 'cart_lines', checkpoint);
      const tombstone = documents.find((doc) => doc.key === cartLineKey(offer.inventory_key, day1));
      expect(tombstone).toMatchObject({ _deleted: true });
      expect(tombstone?.seq).toBeGreaterThan(applied?.appliedSeq ?? Infinity);
      expect(await cartKeys(newbuyer)).not.toContain(cartLineKey(offer.inventory_key, day1));

      const notices = (await pull(newbuyer, 'notices', checkpoint)).documents.map((doc) =>
        noticeSchema.parse(doc),
      );
      expect(notices).toContainEqual(expect.objectContaining({ kind: 'reservation_expired' }));
    });
  });

  describe('GET /api/sync/stream', () => {
    const streamUrl = (token: string) =>
      `${t.url}/api/sync/stream?access_token=${encodeURIComponent(token)}`;

    it('says hello, pokes cart_lines after this customer’s push, and stays silent for other customers', async () => {
      const stream = await openEventStream(streamUrl(florist));
      try {
        expect(stream.status).toBe(200);
        expect(stream.contentType).toContain('text/event-stream');
        expect(await stream.next()).toEqual({
          event: 'hello',
          data: { serverNow: t.clock.now, collections: [...SYNCED_COLLECTIONS] },
        });
        // The previous test's sweep may also have released this customer's lines: on PostgreSQL
        // its poke travels through NOTIFY and can reach this new stream after the hello.
        while ((await stream.next(400)) !== null);

        expect((await pushOk(newbuyer, [mutation(addArgs(plenty(), day1, 1))]))[0]?.status).toBe(
          'applied',
        );
        expect(await stream.next(400)).toBeNull();

        const own = [mutation(addArgs(plenty(), day1, 1))];
        expect((await pushOk(florist, own))[0]?.status).toBe('applied');
        expect(await stream.next()).toEqual({
          event: 'poke',
          data: { collections: ['cart_lines'] },
        });

        await pushOk(florist, own);
        expect(await stream.next(400)).toBeNull();

        expect(
          (await t.post('/api/cart_box/add_to_cart', addArgs(plenty(), day1, 1), florist)).status,
        ).toBe(200);
        expect(await stream.next()).toEqual({
          event: 'poke',
          data: { collections: ['cart_lines'] },
        });
      } finally {
        await stream.close();
      }
    });

    it.each([
      ['without a token', () => `${t.url}/api/sync/stream`],
      ['with a tampered token', () => streamUrl(`${florist.slice(0, -2)}xx`)],
    ])('refuses a stream %s with 401', async (_case, makeUrl) => {
      const stream = await openEventStream(makeUrl());
      try {
        expect(stream.status).toBe(401);
        expect(stream.contentType).toContain('application/json');
      } finally {
        await stream.close();
      }
    });
  });
});
