import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PUSH_BATCH, stemlineMessages, type PushAnswer } from '@stemline/shared';
import type { ApiResult } from '../api/client';
import type { AccountDb } from '../storage/account-db';
import { mutationCollection, syncStateSchema, type MutationDoc } from '../storage/account-schemas';
import { allApplied, memoryAccountDb } from './memory-account-db';
import { pushPending } from './replicator';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../api/client', () => api);

let db: AccountDb;

beforeEach(async () => {
  db = await memoryAccountDb({
    mutations: mutationCollection,
    sync_state: { schema: syncStateSchema },
  });
});

afterEach(async () => {
  await db.close();
  api.apiRequest.mockReset();
});

/** A queued dismissal whose args weigh about `bytes`; ids sort in the order they are queued. */
const queued = (index: number, bytes = 1000): MutationDoc => ({
  id: `m-${String(index).padStart(3, '0')}`,
  clientId: 'tablet',
  name: 'dismiss_notices',
  args: { keys: ['k'.repeat(bytes)] },
  createdAt: index,
  status: 'pending',
});

type PushBody = { mutations: { id: string }[] };

interface SentBatch {
  ids: string[];
  refused: boolean;
}

/**
 * The server: answers `refusal` when `refuses` says so (a 413 over its body limit by default),
 * else applies every mutation. Records every batch it was sent.
 */
function fakeServer(
  refuses: (body: PushBody) => boolean,
  refusal: () => ApiResult<PushAnswer> = () => tooLargeAnswer,
): SentBatch[] {
  const batches: SentBatch[] = [];
  api.apiRequest.mockImplementation(
    async (_path: string, request: { body: PushBody }): Promise<ApiResult<PushAnswer>> => {
      await Promise.resolve();
      const refused = refuses(request.body);
      batches.push({ ids: request.body.mutations.map((m) => m.id), refused });
      if (refused) return refusal();
      return { success: true, status: 200, data: allApplied(request.body.mutations, 1) };
    },
  );
  return batches;
}

/** The server's 413, as apiRequest hands it over. */
const tooLargeAnswer: ApiResult<PushAnswer> = {
  success: false,
  status: 413,
  error: stemlineMessages.requestTooLarge,
  data: { success: false, error: stemlineMessages.requestTooLarge, code: 'payload_too_large' },
  offline: false,
};
const overBytes = (limit: number) => (body: PushBody) => JSON.stringify(body).length > limit;

/** Pushes until the outbox says nothing more, carrying `batchSize` over as the sync engine does. */
async function drain(): Promise<{ batchSize: number }> {
  let batchSize = MAX_PUSH_BATCH;
  for (let round = 0; round < 100; round += 1) {
    const outcome = await pushPending(db, 'tablet', batchSize);
    batchSize = outcome.batchSize;
    if (!outcome.more) return { batchSize };
  }
  throw new Error('the outbox never drained');
}

async function outbox(): Promise<Record<string, string>> {
  const docs = await db.mutations.find({ sort: [{ createdAt: 'asc' }] }).exec();
  return Object.fromEntries(
    docs.map((doc) => [
      doc.id,
      doc.status === 'rejected' ? `rejected: ${doc.message}` : doc.status,
    ]),
  );
}

describe('pushPending and the size of a batch', () => {
  it.each<[string, MutationDoc[], (body: PushBody) => boolean, number[], Record<string, string>]>([
    [
      '413 on a batch of 10 → halves until it fits, rejects nothing',
      Array.from({ length: 10 }, (_, i) => queued(i + 1)),
      overBytes(5_000), // four of these fit
      [10, 5, 2, 2, 2, 2, 2],
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [queued(i + 1).id, 'applied'])),
    ],
    [
      '413 on a batch with one mutation too large alone → only that one is rejected',
      [queued(1), queued(2, 6_000), queued(3)],
      overBytes(5_000),
      [3, 1, 1, 1],
      {
        'm-001': 'applied',
        'm-002': `rejected: ${stemlineMessages.requestTooLarge}`,
        'm-003': 'applied',
      },
    ],
    [
      '413 on a single mutation → rejected with the server’s message',
      [queued(1, 6_000)],
      overBytes(5_000),
      [1],
      { 'm-001': `rejected: ${stemlineMessages.requestTooLarge}` },
    ],
    [
      'no 413 → one batch, as before',
      [queued(1), queued(2), queued(3)],
      () => false,
      [3],
      { 'm-001': 'applied', 'm-002': 'applied', 'm-003': 'applied' },
    ],
  ])('%s', async (_, queue, refuses, sentSizes, after) => {
    await db.mutations.bulkInsert(queue);
    const batches = fakeServer(refuses);
    expect(await drain()).toEqual({ batchSize: MAX_PUSH_BATCH });
    expect(batches.map((batch) => batch.ids.length)).toEqual(sentSizes);
    expect(await outbox()).toEqual(after);
    // What the server applied, it got once each, in the order the buyer queued it.
    const applied = batches.filter((batch) => !batch.refused).flatMap((batch) => batch.ids);
    expect(applied).toEqual(Object.keys(after).filter((id) => after[id] === 'applied'));
  });

  it('a 413 asks for half the batch next, without rejecting or pulling anything', async () => {
    await db.mutations.bulkInsert(Array.from({ length: 7 }, (_, i) => queued(i + 1)));
    fakeServer(() => true);
    expect(await pushPending(db, 'tablet')).toEqual({ more: true, pull: [], batchSize: 3 });
    expect(await pushPending(db, 'tablet', 3)).toEqual({ more: true, pull: [], batchSize: 1 });
    expect(Object.values(await outbox())).toEqual(Array(7).fill('pending'));
  });

  it('keeps the size that fitted while the backlog drains, then the full batch again', async () => {
    await db.mutations.bulkInsert(Array.from({ length: 5 }, (_, i) => queued(i + 1)));
    fakeServer(() => false);
    expect(await pushPending(db, 'tablet', 2)).toMatchObject({ more: true, batchSize: 2 });
    expect(await pushPending(db, 'tablet', 2)).toMatchObject({ more: true, batchSize: 2 });
    expect(await pushPending(db, 'tablet', 2)).toMatchObject({
      more: false,
      batchSize: MAX_PUSH_BATCH,
    });
  });

  it('a proxy’s 413 page without our answer still rejects a lone mutation in plain words', async () => {
    await db.mutations.bulkInsert([queued(1)]);
    fakeServer(
      () => true,
      () => ({ success: false, status: 413, error: 'Server error', data: {}, offline: false }),
    );
    await drain();
    expect(await outbox()).toEqual({ 'm-001': `rejected: ${stemlineMessages.requestTooLarge}` });
  });

  it('400 on a batch → halves until the mutation the server cannot read is alone, rejects only it', async () => {
    // As the server answers (sync.sqlite.test.ts): one unknown name makes the whole batch a 400.
    await db.mutations.bulkInsert([
      queued(1),
      queued(2),
      { ...queued(3), name: 'retired_mutation' as MutationDoc['name'] },
      queued(4),
    ]);
    const batches = fakeServer(
      (body) => body.mutations.some((m) => m.id === 'm-003'),
      () => ({
        success: false,
        status: 400,
        error: stemlineMessages.invalidRequest,
        data: { success: false, error: stemlineMessages.invalidRequest, code: 'invalid_request' },
        offline: false,
      }),
    );
    expect(await drain()).toEqual({ batchSize: MAX_PUSH_BATCH });
    expect(batches.map((batch) => batch.ids.length)).toEqual([4, 2, 2, 1, 1]);
    expect(await outbox()).toEqual({
      'm-001': 'applied',
      'm-002': 'applied',
      'm-003': `rejected: ${stemlineMessages.invalidRequest}`,
      'm-004': 'applied',
    });
    const refused = await db.mutations.findOne('m-003').exec();
    expect(refused?.code).toBe('invalid_args');
  });

  it.each([
    ['a 429 (too many requests)', 429, { error: 'Too many requests' }],
    ['a 408 (request timeout)', 408, { error: 'Request timeout' }],
    ['a proxy’s 403 page', 403, {}],
    ['a proxy’s 404 page', 404, {}],
  ])(
    '%s never reached a judgement of the batch: thrown to be retried, no entry changed',
    async (_, status, data) => {
      await db.mutations.bulkInsert([queued(1), queued(2)]);
      fakeServer(
        () => true,
        () => ({ success: false, status, error: 'Server error', data, offline: false }),
      );
      await expect(pushPending(db, 'tablet', 2)).rejects.toThrow();
      expect(await outbox()).toEqual({ 'm-001': 'pending', 'm-002': 'pending' });
    },
  );

  it.each([
    ['offline', { status: 0, offline: true }],
    ['a 5xx', { status: 503, offline: false }],
    ['a 401', { status: 401, offline: false }],
  ])('%s is thrown to be retried later and changes no entry', async (_, failure) => {
    await db.mutations.bulkInsert([queued(1), queued(2)]);
    fakeServer(
      () => true,
      () => ({ success: false, error: 'x', data: null, ...failure }),
    );
    await expect(pushPending(db, 'tablet', 2)).rejects.toThrow('x');
    expect(await outbox()).toEqual({ 'm-001': 'pending', 'm-002': 'pending' });
  });
});
