import { useEffect, useMemo, useRef, useState } from 'react';
import {
  applyCatalogDelta,
  readCatalogSummary,
  stemlineMessages,
  type CatalogDeltaAnswer,
} from '@stemline/shared';
import type { CachedCatalog, CatalogRecord } from '../../storage/catalog-db';
import { mayHaveCachedCatalog, noteCatalogCached } from '../../storage/catalog-cache-hint';
import { loadCatalogStore, saveDownloadedCopy } from '../../storage/catalog-store-loader';
import { useSession } from '../../session/use-session';
import { isQuotaError } from '../../storage/quota-error';
import { downloadCompactCatalog, fetchCatalogDelta } from './catalog-api';
import { decodeCopy, withoutPrices, type CatalogCopy } from './catalog-copy';
import { headFirst } from './catalog-head';
import { patchInWorker } from './catalog-worker-client';

export interface CatalogState {
  /**
   * The date's catalogue from this device (catalog-copy.ts); `fetchedAt` is when the server last
   * confirmed its stock (offline, that is how old the stock figures are). For a visitor it has
   * `pricesHidden` set and shows no prices.
   */
  copy: CatalogCopy | undefined;
  /** True until the local cache has answered (it answers offline too). */
  loadingCache: boolean;
  refreshing: boolean;
  error: string | null;
}

/** While the page is visible and online, stock is re-checked this often (a delta, usually tiny). */
const REFRESH_INTERVAL_MS = 60_000;

/**
 * The first read of the date in the URL starts as this module loads, so the cache read overlaps
 * with the app's start-up instead of following its first render. A device that
 * has stored no date (a first visit) answers "nothing" at once without loading the store, so the
 * download starts without waiting for it (`refreshCatalog` reads the store when it fails).
 */
const earlyReads = new Map<number, Promise<CatalogCopy | undefined>>();
/** Early reads that have finished, so the page's first render can already show the copy. */
const earlyResults = new Map<number, CatalogCopy | null>();
// None on the server, which renders a visitor's first screen (ssr/first-screen.tsx).
const urlDate =
  typeof window === 'undefined'
    ? 0
    : Number(new URLSearchParams(window.location.search).get('date'));
if (Number.isInteger(urlDate) && urlDate > 0) {
  earlyReads.set(
    urlDate,
    timedRead(urlDate)
      // A device without IndexedDB (some private modes) simply has no copy.
      .catch(() => undefined)
      .then((cached) => {
        if (earlyReads.has(urlDate)) earlyResults.set(urlDate, cached ?? null);
        return cached;
      }),
  );
}

/** Reads a date's copy, leaving User Timing marks around the read (for the bench). */
function timedRead(date: number): Promise<CatalogCopy | undefined> {
  if (!mayHaveCachedCatalog()) return Promise.resolve(undefined);
  performance.mark('stemline:catalog-read-start');
  return readStore(date).then((cached) => {
    performance.mark('stemline:catalog-read-end');
    return cached;
  });
}

/** The stored copy of a date: its record as it is, or (an injected store) its decoded snapshot. */
function readStore(date: number): Promise<CatalogCopy | undefined> {
  return loadCatalogStore().then((store) =>
    store.readRecord
      ? store.readRecord(date).then((record) => record && copyOfRecord(record))
      : store.read(date).then((cached) => cached && copyOfSnapshot(cached)),
  );
}

function copyOfRecord(record: CatalogRecord): CatalogCopy {
  const { date, fetchedAt, version, catalogId, pricesHidden, data } = record;
  return { date, fetchedAt, version, catalogId, pricesHidden, data, snapshot: null };
}

function copyOfSnapshot({ date, fetchedAt, snapshot }: CachedCatalog): CatalogCopy {
  const { version, catalogId, pricesHidden } = snapshot;
  return { date, fetchedAt, version, catalogId, pricesHidden, data: null, snapshot };
}

function readCache(date: number): Promise<CatalogCopy | undefined> {
  const early = earlyReads.get(date);
  earlyReads.delete(date);
  return early ?? timedRead(date);
}

/** The early read of `date` if it has already finished (taken once). */
function takeEarlyResult(date: number | null): { date: number; cached: CatalogCopy | null } | null {
  if (date === null || !earlyResults.has(date)) return null;
  const cached = earlyResults.get(date) ?? null;
  earlyResults.delete(date);
  earlyReads.delete(date);
  if (cached) performance.mark('stemline:catalog-cache-read');
  return { date, cached };
}

/** Resolves once the browser has had a chance to paint (or after 100 ms in a hidden tab). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/**
 * Brings a date's copy up to date: only the delta when the copy can be patched (same database,
 * same audience), else the whole compact snapshot. The new copy is shown (`show`) first and
 * stored after the paint; it stays on screen even when it cannot be stored (a full disk), and
 * the answer is then the message saying so. Offline, nothing changes and the answer is null.
 */
async function refreshCatalog(
  date: number,
  cached: CatalogCopy | null,
  pricesVisible: boolean,
  signal: AbortSignal,
  show: (copy: CatalogCopy) => void,
): Promise<string | null> {
  const failed = (answer: { offline: boolean; error: string }) =>
    answer.offline || signal.aborted ? null : answer.error;
  const keep = async (copy: CatalogCopy, store: (fetchedAt: number) => Promise<void>) => {
    const fetchedAt = Date.now();
    show({ ...copy, fetchedAt });
    await afterPaint();
    try {
      await store(fetchedAt);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      return stemlineMessages.catalogNotSaved;
    }
    noteCatalogCached();
    performance.mark('stemline:catalog-stored');
    return null;
  };

  if (cached && cached.pricesHidden === !pricesVisible) {
    const answer = await fetchCatalogDelta(date, cached.version, cached.catalogId, signal);
    if (!answer.success) return failed(answer);
    // Most refreshes change nothing: the copy stays as it is, without decoding or patching it.
    const touch = async (fetchedAt: number) => (await loadCatalogStore()).touch(date, fetchedAt);
    if (changesNothing(cached, answer.data)) return keep(cached, touch);
    // An unreadable copy is replaced by a whole one, below.
    const snapshot = await decodeCopy(cached).catch(() => null);
    const patched = snapshot && applyCatalogDelta(snapshot, answer.data);
    if (patched?.ok) {
      return patched.changedRows === 0 && patched.snapshot.version === cached.version
        ? keep(cached, touch)
        : keep(
            {
              ...cached,
              version: patched.snapshot.version,
              data: null,
              snapshot: patched.snapshot,
            },
            async (fetchedAt) => {
              const store = await loadCatalogStore();
              // Encoded by the worker from the stored bytes and the same delta (the next
              // delta patches those bytes in turn); without them, or a worker, encoded here.
              const bytes = cached.data && (await patchInWorker(cached.data, answer.data));
              if (!bytes) return store.save(patched.snapshot, fetchedAt);
              show({
                ...cached,
                version: patched.snapshot.version,
                data: bytes,
                fetchedAt,
                snapshot: patched.snapshot,
              });
              return store.saveBytes(bytes, patched.snapshot, fetchedAt);
            },
          );
    }
  }
  // A first visit paints the head's first screen before the whole copy downloads.
  if (!cached) await headFirst(date);
  if (signal.aborted) return null;
  const download = await downloadCompactCatalog(date, signal);
  if (!download.success) {
    // Not read before the download (no copy noted, see earlyReads): a copy may still be there.
    if (!cached && !signal.aborted && !mayHaveCachedCatalog()) {
      const stored = await readStore(date).catch(() => undefined);
      if (stored && !signal.aborted) show(stored);
    }
    return failed(download);
  }
  const data = download.data;
  const { version, catalogId, pricesHidden } = readCatalogSummary(data);
  const copy: CatalogCopy = {
    date,
    fetchedAt: Date.now(),
    version,
    catalogId,
    pricesHidden,
    data,
    snapshot: null,
  };
  // Stored once decoded (the page decodes it anyway, a slice at a time): an unreadable answer
  // is not kept.
  return keep(copy, async (fetchedAt) =>
    saveDownloadedCopy(data, await decodeCopy(copy), fetchedAt),
  );
}

/** A delta that patches `copy` into itself: the same version, no row changed. */
function changesNothing(copy: CatalogCopy, delta: CatalogDeltaAnswer): boolean {
  return (
    !delta.reset &&
    delta.catalogId === copy.catalogId &&
    delta.date === copy.date &&
    delta.since === copy.version &&
    delta.version === copy.version &&
    delta.stock.keySteps.length === 0 &&
    delta.prices.keySteps.length === 0
  );
}

/**
 * The catalogue of a delivery date from the device cache (one record per date, decoded in
 * memory), refreshed from the server while `canFetch`: the first time a download of the compact
 * snapshot, afterwards only the stock and price changes since its version, again every minute
 * and when the window regains focus. Offline, the cached copy is all there is, and `fetchedAt`
 * says how old its stock is.
 */
export function useCatalog(date: number | null, canFetch: boolean): CatalogState {
  const session = useSession();
  const pricesVisible = Boolean(session?.user.metadata.customer);
  const [loaded, setLoaded] = useState<{ date: number; cached: CatalogCopy | null } | null>(() =>
    takeEarlyResult(date),
  );
  const [outcome, setOutcome] = useState<{ key: string; date: number; error: string | null }>();
  const [tick, setTick] = useState(0);
  // Coming back online asks again, even if nothing else changed.
  const [wasOnline, setWasOnline] = useState(canFetch);
  const [onlineAgain, setOnlineAgain] = useState(0);
  if (canFetch !== wasOnline) {
    setWasOnline(canFetch);
    if (canFetch) setOnlineAgain((n) => n + 1);
  }
  const current = date !== null && loaded?.date === date ? loaded : null;
  const latest = useRef<CatalogCopy | null>(null);
  useEffect(() => {
    latest.current = current?.cached ?? null;
  });

  const loadedDate = loaded?.date;
  useEffect(() => {
    if (date === null || loadedDate === date) return;
    let live = true;
    readCache(date)
      .then((cached) => {
        if (!live) return;
        if (cached) performance.mark('stemline:catalog-cache-read');
        setLoaded({ date, cached: cached ?? null });
      })
      .catch(() => {
        if (live) setLoaded({ date, cached: null });
      });
    return () => {
      live = false;
    };
  }, [date, loadedDate]);

  useEffect(() => {
    if (!canFetch) return;
    const again = (): void => {
      if (document.visibilityState === 'visible') setTick((n) => n + 1);
    };
    const timer = window.setInterval(again, REFRESH_INTERVAL_MS);
    window.addEventListener('focus', again);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', again);
    };
  }, [canFetch]);

  const cacheAnswered = current !== null;
  const refreshKey = `${date}|${pricesVisible}|${tick}|${onlineAgain}`;
  useEffect(() => {
    if (date === null || !canFetch || !cacheAnswered) return;
    const controller = new AbortController();
    const show = (cached: CatalogCopy): void => {
      if (!controller.signal.aborted) setLoaded({ date, cached });
    };
    refreshCatalog(date, latest.current, pricesVisible, controller.signal, show)
      .then((error) => {
        if (!controller.signal.aborted) setOutcome({ key: refreshKey, date, error });
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const error = failure instanceof Error ? failure.message : String(failure);
        setOutcome({ key: refreshKey, date, error });
      });
    return () => controller.abort();
  }, [date, canFetch, cacheAnswered, pricesVisible, refreshKey]);

  const stored = current?.cached ?? undefined;
  const copy = useMemo(
    () => (stored && !pricesVisible ? withoutPrices(stored) : stored),
    [stored, pricesVisible],
  );
  return {
    copy,
    loadingCache: date !== null && current === null,
    refreshing: date !== null && canFetch && outcome?.key !== refreshKey,
    error: outcome?.date === date ? outcome.error : null,
  };
}
