import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryAccountDb } from '../sync/memory-account-db';
import { enqueueMutation } from '../sync/outbox';
import type { AccountDb } from './account-db';
import { mutationCollection, type MutationDoc } from './account-schemas';
import { memoryStorage } from './memory-storage';
import {
  journalIntent,
  MAX_JOURNAL_ENTRIES,
  readJournal,
  replayOutboxJournal,
} from './outbox-journal';

let db: AccountDb;
let other: AccountDb;

beforeEach(async () => {
  vi.stubGlobal('localStorage', memoryStorage());
  db = await memoryAccountDb({ mutations: mutationCollection });
  other = await memoryAccountDb({ mutations: mutationCollection });
});

afterEach(async () => {
  await Promise.all([db.close(), other.close()]);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const intent = (id: string, createdAt = 1): MutationDoc => ({
  id,
  clientId: 'device-1',
  name: 'delete_boxes',
  args: { keys: [`l-${id}`] },
  createdAt,
  status: 'pending',
});

const outbox = async (of: AccountDb) =>
  (await of.mutations.find().exec())
    .map((doc) => doc.toJSON())
    .map(({ id, args }) => ({ id, args }));

describe('the outbox journal', () => {
  it('holds an intent while its outbox write is under way, and lets go once it committed', async () => {
    const writing = enqueueMutation(db, 'delete_boxes', { keys: ['l-1'] });
    expect(readJournal(db.name).entries).toMatchObject([{ args: { keys: ['l-1'] } }]);
    await writing;
    expect(readJournal(db.name).entries).toEqual([]);
  });

  it('lets go of an intent whose write failed, which the caller was told of', async () => {
    vi.spyOn(db.mutations, 'insert').mockRejectedValue(
      new DOMException('full', 'QuotaExceededError'),
    );
    await expect(enqueueMutation(db, 'delete_boxes', { keys: ['l-1'] })).rejects.toThrow('full');
    expect(readJournal(db.name).entries).toEqual([]);
  });

  it('replays a page’s unfinished writes into its own account’s outbox only, once', async () => {
    journalIntent(db.name, intent('m-2', 2));
    journalIntent(db.name, intent('m-1', 1));
    expect(await replayOutboxJournal(other)).toBe(0);
    expect(await outbox(other)).toEqual([]);

    expect(await replayOutboxJournal(db)).toBe(2);
    expect(await outbox(db)).toEqual([
      { id: 'm-1', args: { keys: ['l-m-1'] } },
      { id: 'm-2', args: { keys: ['l-m-2'] } },
    ]);
    expect(readJournal(db.name).entries).toEqual([]);
    expect(await replayOutboxJournal(db)).toBe(0);
  });

  it('does not queue again an intent the outbox already holds', async () => {
    await db.mutations.insert(intent('m-1'));
    journalIntent(db.name, intent('m-1'));
    expect(await replayOutboxJournal(db)).toBe(0);
    expect(await db.mutations.count().exec()).toBe(1);
    expect(readJournal(db.name).entries).toEqual([]);
  });

  it('reports an unreadable entry instead of throwing, and replays the rest', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    journalIntent(db.name, intent('m-1'));
    localStorage.setItem(`stemline.outbox-journal.${db.name}.m-2`, '{"id":"m-2"');
    localStorage.setItem(
      `stemline.outbox-journal.${db.name}.m-3`,
      JSON.stringify({ ...intent('m-3'), id: 'm-4' }),
    );
    expect(await replayOutboxJournal(db)).toBe(1);
    expect(reported).toHaveBeenCalledTimes(2);
    expect(await outbox(db)).toEqual([{ id: 'm-1', args: { keys: ['l-m-1'] } }]);
    expect(localStorage.length).toBe(0);
  });

  it('queues an intent another build journaled, whose name or args this build refuses: the server judges it', async () => {
    // A service-worker update between the journal and the replay: the new build's schema of the
    // mutation differs, or it no longer has the mutation. Dropped, no one would hear of it.
    localStorage.setItem(
      `stemline.outbox-journal.${db.name}.m-1`,
      JSON.stringify({ ...intent('m-1'), args: { keys: [] } }),
    );
    localStorage.setItem(
      `stemline.outbox-journal.${db.name}.m-2`,
      JSON.stringify({ ...intent('m-2', 2), name: 'retired_mutation' }),
    );
    expect(await replayOutboxJournal(db)).toBe(2);
    const queued = (await db.mutations.find({ sort: [{ createdAt: 'asc' }] }).exec()).map((doc) => [
      doc.id,
      doc.name,
      doc.status,
    ]);
    expect(queued).toEqual([
      ['m-1', 'delete_boxes', 'pending'],
      ['m-2', 'retired_mutation', 'pending'],
    ]);
    expect(localStorage.length).toBe(0);
  });

  it('is bounded: past its size an intent is written unjournaled', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let index = 0; index < MAX_JOURNAL_ENTRIES; index += 1)
      expect(journalIntent(db.name, intent(`m-${index}`))).toBe(true);
    expect(journalIntent(db.name, intent('one-more'))).toBe(false);
    expect(
      journalIntent(db.name, { ...intent('huge'), args: { keys: ['x'.repeat(40_000)] } }),
    ).toBe(false);
    expect(readJournal(db.name).entries).toHaveLength(MAX_JOURNAL_ENTRIES);
  });
});
