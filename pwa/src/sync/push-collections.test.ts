import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  collectionsTouchedBy,
  MAX_PUSH_BATCH,
  SYNCED_COLLECTIONS,
  type MutationName,
  type PushAnswer,
  type SyncedCollection,
} from '@stemline/shared';
import type { ApiResult } from '../api/client';
import type { AccountDb } from '../storage/account-db';
import { mutationCollection, syncStateSchema, type MutationDoc } from '../storage/account-schemas';
import { allApplied, memoryAccountDb } from './memory-account-db';
import { pruneApplied, pushPending } from './replicator';

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

const queued = (id: string, mutation: MutationName, extra: Partial<MutationDoc> = {}) => ({
  id,
  clientId: 'tablet',
  name: mutation,
  args: {},
  createdAt: Number(id.replace(/\D/g, '')) || 1,
  status: 'pending' as const,
  ...extra,
});

/** The server applies every mutation at `seq`. */
function serverApplies(seq: number): void {
  api.apiRequest.mockImplementation(
    async (
      _path: string,
      request: { body: { mutations: { id: string }[] } },
    ): Promise<ApiResult<PushAnswer>> => {
      await Promise.resolve();
      return { success: true, status: 200, data: allApplied(request.body.mutations, seq) };
    },
  );
}

async function setCheckpoints(checkpoints: Partial<Record<SyncedCollection, number>>) {
  await db.sync_state.bulkUpsert(
    SYNCED_COLLECTIONS.map((id) => ({ id, checkpoint: checkpoints[id] ?? 0 })),
  );
}

describe('collections pulled after a push', () => {
  it.each<[string, MutationName[], SyncedCollection[]]>([
    ['an add to cart', ['add_to_cart'], ['cart_lines']],
    ['box edits', ['upsert_custom_box', 'close_box'], ['custom_boxes']],
    [
      'an add, then an order',
      ['add_to_cart', 'place_order'],
      ['cart_lines', 'orders', 'custom_boxes', 'notices'],
    ],
    ['a favourite and an address', ['add_favorite', 'delete_address'], ['favorites', 'addresses']],
    ['a preference change', ['update_preferences'], []],
  ])('%s → only the collections it can change', (_, names, expected) => {
    expect(collectionsTouchedBy(names)).toEqual(expected);
  });

  it('treats a mutation name this build does not know as touching everything', () => {
    expect(collectionsTouchedBy(['no_such_mutation' as MutationName])).toEqual([
      ...SYNCED_COLLECTIONS,
    ]);
  });

  it('pushPending answers the collections of the batch it pushed, not all of them', async () => {
    serverApplies(5);
    await db.mutations.bulkInsert([
      queued('m1', 'add_to_cart'),
      queued('m2', 'add_to_cart'),
      queued('m3', 'dismiss_notices'),
    ]);
    expect(await pushPending(db, 'tablet')).toEqual({
      more: false,
      pull: ['cart_lines', 'notices'],
      batchSize: MAX_PUSH_BATCH,
    });
    expect(api.apiRequest).toHaveBeenCalledTimes(1);
  });

  it('pushPending with an empty outbox asks for nothing', async () => {
    expect(await pushPending(db, 'tablet')).toEqual({
      more: false,
      pull: [],
      batchSize: MAX_PUSH_BATCH,
    });
    expect(api.apiRequest).not.toHaveBeenCalled();
  });
});

describe('pruneApplied', () => {
  it('forgets an applied mutation once ITS collections are pulled past it', async () => {
    await db.mutations.bulkInsert([
      queued('m1', 'add_to_cart', { status: 'applied', appliedSeq: 10 }),
      queued('m2', 'place_order', { status: 'applied', appliedSeq: 12 }),
      queued('m3', 'add_to_cart', { status: 'applied', appliedSeq: 20 }),
      queued('m4', 'add_to_cart', {
        status: 'applied',
        appliedSeq: 9,
        message: 'Only 1 box was left',
      }),
      queued('m5', 'add_to_cart'),
    ]);
    // Only the cart was pulled after the push: orders and the rest lag behind.
    await setCheckpoints({ cart_lines: 15, custom_boxes: 15, notices: 15 });

    await pruneApplied(db);

    const left = (await db.mutations.find().exec()).map((doc) => doc.id).sort();
    // m1 is shown by the cart; m2 waits for its order, m3 for a later cart, m4 for its reader.
    expect(left).toEqual(['m2', 'm3', 'm4', 'm5']);

    await setCheckpoints({ cart_lines: 20, custom_boxes: 15, notices: 15, orders: 12 });
    await pruneApplied(db);
    expect((await db.mutations.find().exec()).map((doc) => doc.id).sort()).toEqual(['m4', 'm5']);
  });

  it('keeps a mutation that names no collection until every collection is past it', async () => {
    await db.mutations.bulkInsert([
      queued('m1', 'update_preferences', { status: 'applied', appliedSeq: 7 }),
    ]);
    await setCheckpoints({ cart_lines: 50 });
    await pruneApplied(db);
    expect(await db.mutations.count().exec()).toBe(1);
    await setCheckpoints(Object.fromEntries(SYNCED_COLLECTIONS.map((c) => [c, 7])));
    await pruneApplied(db);
    expect(await db.mutations.count().exec()).toBe(0);
  });
});
