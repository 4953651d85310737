import {
  MAX_PUSH_BATCH,
  stemlineMessages,
  syncedCollectionSchema,
  type SyncedCollection,
} from '@stemline/shared';
import { sessionStore } from '../session/session-store';
import type { AccountDb } from '../storage/account-db';
import {
  pruneApplied,
  pullAll,
  pullCollection,
  pushPending,
  RetryableSyncError,
} from './replicator';
import { showToast } from '../ui';
import { isQuotaError } from './outbox';
import { syncStatusStore } from './sync-status';
import { markUnsent } from './unsent-marker';

const SAFETY_PULL_MS = 30_000;
const PENDING_RETRY_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * Runs replication for one account while this tab holds the account's Web Lock, so exactly one
 * tab talks to the server and the others see its writes through RxDB. It pushes the outbox
 * whenever it changes, pulls on every poke from the server's event stream, on reconnect, on
 * focus and on a timer, and backs off on network errors and 5xx answers. A push the server
 * refuses as too large (413) goes again at once in smaller batches (`pushPending`'s `batchSize`).
 * Returns a function that stops it.
 */
export function startSync(db: AccountDb, customerKey: string, clientId: string): () => void {
  const stop = new AbortController();
  const run = (): Promise<void> => replicate(db, clientId, stop.signal);
  if ('locks' in navigator) {
    navigator.locks
      .request(`stemline-sync:${customerKey}`, { signal: stop.signal }, run)
      .catch((error: unknown) => {
        if (!stop.signal.aborted) console.error('[sync] lock failed', error);
      });
  } else {
    void run();
  }
  return () => stop.abort();
}

async function replicate(db: AccountDb, clientId: string, signal: AbortSignal): Promise<void> {
  let wantPush = true;
  // How many mutations a push carries: cut after a batch the server found too large (413),
  // back to the full batch once the outbox is through (replicator.ts pushPending).
  let pushBatchSize = MAX_PUSH_BATCH;
  const wantPull = new Set<SyncedCollection | 'all'>(['all']);
  let running = false;
  let backoffMs = 1_000;
  let retryTimer: number | undefined;

  const kick = (): void => {
    if (running || signal.aborted) return;
    running = true;
    void cycle().finally(() => {
      running = false;
      if ((wantPush || wantPull.size > 0) && retryTimer === undefined) kick();
    });
  };

  const cycle = async (): Promise<void> => {
    syncStatusStore.update({ syncing: true });
    try {
      while (!signal.aborted && (wantPush || wantPull.size > 0)) {
        if (wantPush) {
          wantPush = false;
          const pending = await db.mutations.count({ selector: { status: 'pending' } }).exec();
          if (pending > 0) {
            const pushed = await pushPending(db, clientId, pushBatchSize);
            pushBatchSize = pushed.batchSize;
            if (pushed.more) wantPush = true;
            // Results arrive by pull: only the collections these mutations can change. Anything
            // else the server changed meanwhile comes with a poke on the event stream.
            for (const collection of pushed.pull) wantPull.add(collection);
          }
        }
        const pulls = [...wantPull];
        wantPull.clear();
        if (pulls.includes('all')) await pullAll(db);
        else
          for (const collection of pulls) await pullCollection(db, collection as SyncedCollection);
        await pruneApplied(db);
      }
      backoffMs = 1_000;
      syncStatusStore.update({
        // A cycle that began online can end after the 'offline' event: the browser's word stands.
        reachable: navigator.onLine,
        syncing: false,
        lastSyncedAt: Date.now(),
        lastError: null,
      });
    } catch (error) {
      if (isQuotaError(error)) {
        // The outbox is already stored; only the download of server changes could not be kept.
        showToast({ title: stemlineMessages.storageFull, variant: 'error' });
      } else if (!(error instanceof RetryableSyncError)) {
        console.error('[sync] failed', error);
      }
      wantPush = true;
      wantPull.add('all');
      syncStatusStore.update({
        syncing: false,
        reachable: navigator.onLine && !isOffline(error),
        lastError: String(error),
      });
      retryTimer = window.setTimeout(() => {
        retryTimer = undefined;
        kick();
      }, backoffMs);
      backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    }
  };

  const pushSoon = (): void => {
    wantPush = true;
    // With no network at all, the 'online' event resumes: no doomed attempt (and no re-render of
    // the status) for every tap while the buyer works offline.
    if (navigator.onLine) kick();
  };
  const pullSoon = (collection: SyncedCollection | 'all'): void => {
    wantPull.add(collection);
    kick();
  };
  const retryNow = (): void => {
    window.clearTimeout(retryTimer);
    retryTimer = undefined;
    backoffMs = 1_000;
    wantPush = true;
    pullSoon('all');
  };

  const outbox = db.mutations.find({ selector: { status: 'pending' } }).$.subscribe((pending) => {
    markUnsent(db.name, pending.length > 0);
    if (pending.length > 0) pushSoon();
  });
  let events = openEventStream(pullSoon, retryNow);
  // A password change swaps this device's token: the old one is refused from then on, so the
  // poke stream reopens with the new token (and closes on logout).
  let streamToken = sessionStore.get()?.token;
  const stopSessionWatch = sessionStore.subscribe(() => {
    const token = sessionStore.get()?.token;
    if (token === streamToken) return;
    streamToken = token;
    events?.close();
    events = openEventStream(pullSoon, retryNow);
  });
  const onVisible = (): void => {
    if (document.visibilityState === 'visible') retryNow();
  };
  window.addEventListener('online', retryNow);
  window.addEventListener('focus', retryNow);
  document.addEventListener('visibilitychange', onVisible);
  const safetyTimer = window.setInterval(() => pullSoon('all'), SAFETY_PULL_MS);
  const pendingTimer = window.setInterval(() => {
    if (retryTimer === undefined) pushSoon();
  }, PENDING_RETRY_MS);
  kick();

  await new Promise<void>((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  outbox.unsubscribe();
  stopSessionWatch();
  events?.close();
  window.removeEventListener('online', retryNow);
  window.removeEventListener('focus', retryNow);
  document.removeEventListener('visibilitychange', onVisible);
  window.clearInterval(safetyTimer);
  window.clearInterval(pendingTimer);
  window.clearTimeout(retryTimer);
}

/** The server's poke stream; EventSource reconnects by itself, and each (re)open means "resync". */
function openEventStream(
  pullSoon: (collection: SyncedCollection) => void,
  onOpen: () => void,
): EventSource | undefined {
  const token = sessionStore.get()?.token;
  if (!token || typeof EventSource === 'undefined') return undefined;
  const source = new EventSource(`/api/sync/stream?access_token=${encodeURIComponent(token)}`);
  source.addEventListener('hello', onOpen);
  // A password change elsewhere ended this session: no reconnecting with its token; the pull
  // that follows is refused, which signs this device out (session-expiry).
  source.addEventListener('session_ended', () => {
    source.close();
    onOpen();
  });
  source.addEventListener('poke', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as { collections?: unknown[] };
    for (const name of data.collections ?? []) {
      const collection = syncedCollectionSchema.safeParse(name);
      if (collection.success) pullSoon(collection.data);
    }
  });
  return source;
}

function isOffline(error: unknown): boolean {
  return error instanceof RetryableSyncError && error.message === 'Network unavailable';
}
