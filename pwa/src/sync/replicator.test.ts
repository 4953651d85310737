import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PullAnswer } from '@stemline/shared';
import type { ApiResult } from '../api/client';
import type { AccountDb } from '../storage/account-db';
import { cartLineCollection, syncStateCollection } from '../storage/account-schemas';
import { applyToPages, linesOfPages, type PulledCartLine } from '../storage/cart-pages';
import { memoryAccountDb } from './memory-account-db';
import { pullCollection, RetryableSyncError } from './replicator';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../api/client', () => api);

type ServerDoc = PullAnswer['documents'][number];

/** The server's side of a pull: its changes by seq, paged as the real endpoint pages them. */
function fakeServer(changes: ServerDoc[], options: { failAtCheckpoint?: number } = {}) {
  const calls: number[] = [];
  api.apiRequest.mockImplementation(
    async (
      _path: string,
      request: { query: { checkpoint: number; limit: number } },
    ): Promise<ApiResult<PullAnswer>> => {
      const { checkpoint, limit } = request.query;
      calls.push(checkpoint);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (checkpoint === options.failAtCheckpoint) {
        return {
          success: false,
          status: 0,
          error: 'Network unavailable',
          data: null,
          offline: true,
        };
      }
      const documents = changes.filter((doc) => doc.seq > checkpoint).slice(0, limit);
      const hasMore = documents.length === limit;
      const watermark = Math.max(0, ...changes.map((doc) => doc.seq));
      return {
        success: true,
        status: 200,
        data: {
          documents,
          hasMore,
          checkpoint: hasMore ? (documents.at(-1)?.seq ?? 0) : watermark,
        },
      };
    },
  );
  return calls;
}

const line = (key: string, seq: number, boxes = 1, deleted = false): ServerDoc => ({
  key,
  seq,
  _deleted: deleted,
  inventory_key: 7,
  eta_date: 20261130,
  boxes,
});

let db: AccountDb;

beforeEach(async () => {
  db = await memoryAccountDb({
    cart_lines: cartLineCollection,
    sync_state: syncStateCollection,
  });
});

afterEach(async () => {
  await db.close();
  api.apiRequest.mockReset();
});

const checkpointOf = async () => (await db.sync_state.findOne('cart_lines').exec())?.checkpoint;
const storedLines = async () =>
  linesOfPages((await db.cart_lines.find().exec()).map((page) => page.toJSON()));

describe('pullCollection', () => {
  it('catches up thousands of changes page by page and ends at the server’s high-water mark', async () => {
    const changes = Array.from({ length: 2_500 }, (_, i) => line(`l${i}`, i + 1));
    const calls = fakeServer(changes);
    // Each write of pulled lines reads the cart's pages it touches once, then writes them.
    const writes = vi.spyOn(db.cart_lines, 'findByIds');

    await pullCollection(db, 'cart_lines');

    expect(calls).toEqual([0, 1000, 2000]);
    expect(await storedLines()).toHaveLength(2_500);
    expect(await checkpointOf()).toBe(2_500);
    // Pages that arrive while a write runs go into the next write together.
    expect(writes.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('patches a page already stored, removes one left empty and stores it again later', async () => {
    const history = [line('a', 1)];
    fakeServer(history);
    await pullCollection(db, 'cart_lines');
    const inserts = vi.spyOn(db.cart_lines, 'bulkInsert');

    history.push(line('a', 2, 4));
    fakeServer(history);
    await pullCollection(db, 'cart_lines');
    expect(await storedLines()).toEqual([expect.objectContaining({ key: 'a', boxes: 4 })]);
    expect(inserts).not.toHaveBeenCalled();

    history.push(line('a', 3, 1, true));
    fakeServer(history);
    await pullCollection(db, 'cart_lines');
    expect(await db.cart_lines.count().exec()).toBe(0);

    history.push(line('a', 4, 2));
    fakeServer(history);
    await pullCollection(db, 'cart_lines');
    expect(await storedLines()).toEqual([expect.objectContaining({ key: 'a', boxes: 2, seq: 4 })]);
    expect(inserts).toHaveBeenCalledTimes(1);
  });

  it('keeps the newest version of a document, and a later tombstone removes it', async () => {
    const { pages } = applyToPages(new Map(), [
      { ...line('gone', 1), variety_name: 'Freedom' },
      { ...line('kept', 2), variety_name: 'Explorer' },
    ] as unknown as PulledCartLine[]);
    await db.cart_lines.bulkUpsert(pages);
    fakeServer([line('kept', 3, 2), line('gone', 4, 1, true), line('kept', 5, 4)]);

    await pullCollection(db, 'cart_lines');

    expect(await storedLines()).toEqual([
      expect.objectContaining({ key: 'kept', boxes: 4, seq: 5 }),
    ]);
    expect(await checkpointOf()).toBe(5);
  });

  it('keeps the pages fetched before a network failure and resumes after them', async () => {
    const changes = Array.from({ length: 1_500 }, (_, i) => line(`l${i}`, i + 1));
    fakeServer(changes, { failAtCheckpoint: 1_000 });

    await expect(pullCollection(db, 'cart_lines')).rejects.toBeInstanceOf(RetryableSyncError);
    expect(await storedLines()).toHaveLength(1_000);
    expect(await checkpointOf()).toBe(1_000);

    const calls = fakeServer(changes);
    await pullCollection(db, 'cart_lines');
    expect(calls).toEqual([1_000]);
    expect(await storedLines()).toHaveLength(1_500);
  });

  it('does not rewrite a checkpoint that did not move', async () => {
    fakeServer([line('a', 1)]);
    await pullCollection(db, 'cart_lines');
    const writes = vi.spyOn(db.sync_state, 'upsert');
    await pullCollection(db, 'cart_lines');
    expect(writes).not.toHaveBeenCalled();
  });
});
