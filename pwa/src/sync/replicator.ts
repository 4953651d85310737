import {
  collectionsTouchedBy,
  MAX_PUSH_BATCH,
  MUTATION_COLLECTIONS,
  stemlineMessages,
  SYNCED_COLLECTIONS,
  type PullAnswer,
  type PushAnswer,
  type SyncedCollection,
} from '@stemline/shared';
import { apiRequest } from '../api/client';
import type { AccountDb } from '../storage/account-db';
import { applyToPages, pagesTouched, type PulledCartLine } from '../storage/cart-pages';

/** A failure worth retrying later: the network, or the server's own trouble (5xx). */
export class RetryableSyncError extends Error {}

/** The server's largest page; a device catching up after days offline needs few round trips. */
const PULL_PAGE = 1000;
/** Fetched pages wait for the writer up to this many documents; the fetching pauses beyond. */
const PULL_WRITE_CHUNK = 10_000;

type PulledDocument = PullAnswer['documents'][number];

/**
 * Pulls one collection from its checkpoint until the server has nothing newer. Pages are fetched
 * one after another while earlier ones are being written, and every page that arrived during a
 * write goes into the next write together (the newest version of each document wins), so a
 * device catching up on many changes pays for the network once and re-renders a few times, not
 * once per page. Documents are written before the checkpoint moves, so a crash in between only
 * repeats harmless work; a failed fetch still keeps the pages fetched before it.
 */
export async function pullCollection(db: AccountDb, collection: SyncedCollection): Promise<void> {
  const state = await db.sync_state.findOne(collection).exec();
  let checkpoint = state?.checkpoint ?? 0;
  const fetched: PullAnswer[] = [];
  let fetching = true;
  let fetchError: Error | undefined;
  let stopped = false;
  let wakeWriter: (() => void) | undefined;
  let wakeFetcher: (() => void) | undefined;
  const queuedDocuments = (): number => fetched.reduce((sum, p) => sum + p.documents.length, 0);

  const fetcher = (async () => {
    let from = checkpoint;
    try {
      while (!stopped) {
        const answer = await apiRequest<PullAnswer>(`/api/sync/pull/${collection}`, {
          query: { checkpoint: from, limit: PULL_PAGE },
        });
        if (!answer.success) throw new RetryableSyncError(answer.error);
        fetched.push(answer.data);
        wakeWriter?.();
        if (!answer.data.hasMore) return;
        from = answer.data.checkpoint;
        while (!stopped && queuedDocuments() >= PULL_WRITE_CHUNK) {
          await new Promise<void>((resolve) => (wakeFetcher = resolve));
        }
      }
    } catch (error) {
      fetchError = error instanceof Error ? error : new RetryableSyncError(String(error));
    } finally {
      fetching = false;
      wakeWriter?.();
    }
  })();

  try {
    for (;;) {
      if (fetched.length === 0) {
        if (!fetching) break;
        await new Promise<void>((resolve) => (wakeWriter = resolve));
        wakeWriter = undefined;
        continue;
      }
      const pages = fetched.splice(0, fetched.length);
      wakeFetcher?.();
      const changed = new Map<string, PulledDocument>();
      for (const page of pages) for (const doc of page.documents) changed.set(doc.key, doc);
      const reached = pages.at(-1)?.checkpoint ?? checkpoint;
      await writePulled(db, collection, [...changed.values()]);
      // An idle collection's checkpoint still advances, but an unchanged one is not rewritten:
      // every write of it wakes the views that read it.
      if (reached !== checkpoint || !state) {
        await db.sync_state.upsert({ id: collection, checkpoint: reached });
      }
      checkpoint = reached;
    }
  } finally {
    stopped = true;
    wakeFetcher?.();
    await fetcher;
  }
  if (fetchError !== undefined) throw fetchError;
}

async function writePulled(
  db: AccountDb,
  collection: SyncedCollection,
  documents: readonly PulledDocument[],
): Promise<void> {
  if (collection === 'cart_lines') {
    await writeCartPages(db, documents as unknown as readonly PulledCartLine[]);
    return;
  }
  const live = documents
    .filter((doc) => !doc._deleted)
    .map(({ _deleted: _ignored, ...doc }) => doc);
  const removed = documents.filter((doc) => doc._deleted).map((doc) => doc.key);
  // Every other collection stores a pulled document as one RxDB document; any one's type serves.
  const target: AccountDb['notices'] = db[collection] as AccountDb['notices'];
  if (live.length > 0) await target.bulkUpsert(live);
  if (removed.length > 0) await target.bulkRemove(removed);
}

/**
 * The cart's pulled lines into the pages that hold them (storage/cart-pages.ts): new pages in one
 * insert, each stored page patched with its new lines (an upsert would first try to insert it and
 * fail, one write more for every pulled line of a cart that has filled its pages).
 */
async function writeCartPages(db: AccountDb, lines: readonly PulledCartLine[]): Promise<void> {
  const found = await db.cart_lines.findByIds(pagesTouched(lines)).exec();
  const stored = new Map([...found].map(([page, doc]) => [page, doc.lines]));
  const { pages, emptied } = applyToPages(stored, lines);
  const fresh = pages.filter((page) => !found.has(page.page));
  if (fresh.length > 0) await db.cart_lines.bulkInsert(fresh);
  await Promise.all(
    pages.flatMap((page) => {
      const doc = found.get(page.page);
      return doc ? [doc.incrementalPatch({ lines: page.lines })] : [];
    }),
  );
  if (emptied.length > 0) await db.cart_lines.bulkRemove(emptied);
}

export async function pullAll(db: AccountDb): Promise<void> {
  for (const collection of SYNCED_COLLECTIONS) await pullCollection(db, collection);
}

/**
 * Pushes the oldest pending mutations, at most `batchSize` of them, and records each result on
 * its outbox entry. A rejection is recorded like any result; answers that judge no mutation are
 * retried (thrown as RetryableSyncError): the network, 5xx, 401, 408, 429, and any 4xx page
 * without the server's own answer (a proxy's). A batch refused as malformed (400) or too large
 * (413: over the server's 1 MiB body limit) rejects nothing while it holds more than one
 * mutation: the next push sends half as many, down to one, and only a mutation refused on its
 * own is rejected, with the server's message, so the buyer sees which one. The outcome
 * says how many to send next (`batchSize`): the size that fitted while the backlog it was cut
 * for drains, the full MAX_PUSH_BATCH once the outbox is through (or the culprit rejected).
 */
export async function pushPending(
  db: AccountDb,
  clientId: string,
  batchSize: number = MAX_PUSH_BATCH,
): Promise<PushOutcome> {
  const limit = Math.min(Math.max(1, Math.floor(batchSize)), MAX_PUSH_BATCH);
  const pending = await db.mutations
    .find({ selector: { status: 'pending' }, sort: [{ createdAt: 'asc' }], limit })
    .exec();
  if (pending.length === 0) return { more: false, pull: [], batchSize: MAX_PUSH_BATCH };
  const answer = await apiRequest<PushAnswer>('/api/sync/push', {
    method: 'POST',
    body: {
      clientId,
      mutations: pending.map((doc) => ({
        id: doc.id,
        clientId: doc.clientId,
        name: doc.name,
        args: doc.args,
        createdAt: doc.createdAt,
      })),
    },
  });
  if (!answer.success) {
    const tooLarge = answer.status === PAYLOAD_TOO_LARGE;
    if (
      answer.offline ||
      answer.status >= 500 ||
      RETRY_LATER.has(answer.status) ||
      // Another 4xx without our answer is a proxy's or a firewall's page: the server never saw it.
      (!tooLarge && !hasErrorText(answer.data))
    )
      throw new RetryableSyncError(answer.error);
    // One mutation may be the cause (too large, or one the server cannot read, such as a name it
    // no longer knows): the rest of the batch is not refused with it.
    if ((tooLarge || answer.status === BAD_REQUEST) && pending.length > 1) {
      return { more: true, pull: [], batchSize: Math.floor(pending.length / 2) };
    }
    // A proxy's own 413 page carries no message of ours: the buyer still reads one.
    const message =
      tooLarge && !hasErrorText(answer.data) ? stemlineMessages.requestTooLarge : answer.error;
    await Promise.all(
      pending.map((doc) =>
        doc.incrementalPatch({ status: 'rejected', code: 'invalid_args', message }),
      ),
    );
    return {
      more: true,
      pull: [],
      batchSize: tooLarge || answer.status === BAD_REQUEST ? MAX_PUSH_BATCH : limit,
    };
  }
  const byId = new Map(answer.data.results.map((result) => [result.id, result]));
  await Promise.all(
    pending.flatMap((doc) => {
      const result = byId.get(doc.id);
      if (!result) return [];
      return doc.incrementalPatch(
        result.status === 'applied'
          ? {
              status: 'applied',
              appliedSeq: result.appliedSeq,
              ...(result.message ? { message: result.message } : {}),
            }
          : {
              status: 'rejected',
              appliedSeq: result.appliedSeq,
              code: result.code,
              message: result.message,
            },
      );
    }),
  );
  const more = pending.length === limit;
  return {
    more,
    pull: collectionsTouchedBy(pending.map((doc) => doc.name)),
    batchSize: more ? limit : MAX_PUSH_BATCH,
  };
}

const BAD_REQUEST = 400;
const PAYLOAD_TOO_LARGE = 413;
/** Answers that judge no mutation: the session (401), a timeout (408), too many requests (429). */
const RETRY_LATER: ReadonlySet<number> = new Set([401, 408, 425, 429]);

function hasErrorText(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string'
  );
}

/**
 * What a push did for the engine: `more` when the outbox may hold further mutations, `pull` the
 * collections the pushed mutations can have changed (their results arrive by pulling them),
 * `batchSize` how many mutations the next push should carry (pass it back to `pushPending`).
 */
export interface PushOutcome {
  more: boolean;
  pull: SyncedCollection[];
  batchSize: number;
}

/**
 * Forgets applied mutations whose effect the pulled collections now show: every collection the
 * mutation can change (`MUTATION_COLLECTIONS`) has a checkpoint at or past its `appliedSeq`, so
 * a push followed by a pull of just those collections lets it go. A mutation that names no
 * collection waits for all of them. What remains is pending, recently applied, or carries a
 * message (a partial fill, a rejection) the buyer has not dismissed yet.
 */
export async function pruneApplied(db: AccountDb): Promise<void> {
  const states = await db.sync_state.find().exec();
  const checkpoint = (collection: SyncedCollection): number =>
    states.find((state) => state.id === collection)?.checkpoint ?? 0;
  const lowestOf = (collections: readonly SyncedCollection[]): number =>
    Math.min(...(collections.length > 0 ? collections : SYNCED_COLLECTIONS).map(checkpoint));
  const applied = await db.mutations
    .find({ selector: { status: 'applied', message: { $exists: false } } })
    .exec();
  const done = applied.filter(
    (doc) =>
      (doc.appliedSeq ?? Infinity) <=
      // An outbox entry of a name this build no longer knows waits for every collection.
      lowestOf((MUTATION_COLLECTIONS[doc.name] as readonly SyncedCollection[] | undefined) ?? []),
  );
  if (done.length > 0) await db.mutations.bulkRemove(done.map((doc) => doc.id));
}
