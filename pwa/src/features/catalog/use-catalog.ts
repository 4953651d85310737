import { useEffect, useMemo, useRef, useState } from 'react';
import {
  applyCatalogDelta,
  decodeCatalogSnapshot,
  stemlineMessages,
  withPricesHidden,
  type CatalogSnapshot,
} from '@stemline/shared';
import type { CachedCatalog } from '../../storage/catalog-db';
import { mayHaveCachedCatalog, noteCatalogCached } from '../../storage/catalog-cache-hint';
import { loadCatalogStore } from '../../storage/catalog-store-loader';
import { useSession } from '../../session/use-session';
import { isQuotaError } from '../../storage/quota-error';
import { downloadCompactCatalog, fetchCatalogDelta } from './catalog-api';

export interface CatalogState {
  /**
   * The date's catalogue from this device, decoded; `fetchedAt` is when the server last
   * confirmed its stock (offline, that is how old the stock figures are). For a visitor the
   * snapshot has `pricesHidden` set and no prices.
   */
  cached: CachedCatalog | undefined;
  /** True until the local cache has answered (it answers offline too). */
  loadingCache: boolean;
  refreshing: boolean;
  error: string | null;
}

/** While the page is visible and online, stock is re-checked this often (a delta, usually tiny). */
const REFRESH_INTERVAL_MS = 60_000;

/**
 * The first read of the date in the URL starts as this module loads, so the cache read and the
 * decode overlap with the app's start-up instead of following its first render. A device that
 * has stored no date (a first visit) answers "nothing" at once without loading the store, so the
 * download starts without waiting for it (`refreshCatalog` reads the store when it fails).
 */
const earlyReads = new Map<number, Promise<CachedCatalog | undefined>>();
/** Early reads that have finished, so the page's first render can already show the copy. */
const earlyResults = new Map<number, CachedCatalog | null>();
const urlDate = Number(new URLSearchParams(window.location.search).get('date'));
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

/** Reads a date's copy, leaving User Timing marks around the read and decode (for the bench). */
function timedRead(date: number): Promise<CachedCatalog | undefined> {
  if (!mayHaveCachedCatalog()) return Promise.resolve(undefined);
  performance.mark('stemline:catalog-read-start');
  return readStore(date).then((cached) => {
    performance.mark('stemline:catalog-read-end');
    return cached;
  });
}

function readStore(date: number): Promise<CachedCatalog | undefined> {
  return loadCatalogStore().then((store) => store.read(date));
}

function readCache(date: number): Promise<CachedCatalog | undefined> {
  const early = earlyReads.get(date);
  earlyReads.delete(date);
  return early ?? timedRead(date);
}

/** The early read of `date` if it has already finished (taken once). */
function takeEarlyResult(
  date: number | null,
): { date: number; cached: CachedCatalog | null } | null {
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
  cached: CachedCatalog | null,
  pricesVisible: boolean,
  signal: AbortSignal,
  show: (cached: CachedCatalog) => void,
): Promise<string | null> {
  const failed = (answer: { offline: boolean; error: string }) =>
    answer.offline || signal.aborted ? null : answer.error;
  const keep = async (snapshot: CatalogSnapshot, store: (fetchedAt: number) => Promise<void>) => {
    const fetchedAt = Date.now();
    show({ date, snapshot, fetchedAt });
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

  if (cached && cached.snapshot.pricesHidden === !pricesVisible) {
    const { snapshot } = cached;
    const answer = await fetchCatalogDelta(date, snapshot.version, snapshot.catalogId, signal);
    if (!answer.success) return failed(answer);
    const patched = applyCatalogDelta(snapshot, answer.data);
    if (patched.ok) {
      return patched.changedRows === 0 && patched.snapshot.version === snapshot.version
        ? keep(snapshot, async (fetchedAt) => (await loadCatalogStore()).touch(date, fetchedAt))
        : keep(patched.snapshot, async (fetchedAt) =>
            (await loadCatalogStore()).save(patched.snapshot, fetchedAt),
          );
    }
  }
  const download = await downloadCompactCatalog(date, signal);
  if (!download.success) {
    // Not read before the download (no copy noted, see earlyReads): a copy may still be there.
    if (!cached && !signal.aborted && !mayHaveCachedCatalog()) {
      const stored = await readStore(date).catch(() => undefined);
      if (stored && !signal.aborted) show(stored);
    }
    return failed(download);
  }
  const snapshot = decodeCatalogSnapshot(download.data);
  return keep(snapshot, async (fetchedAt) =>
    (await loadCatalogStore()).saveBytes(download.data, snapshot, fetchedAt),
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
  const [loaded, setLoaded] = useState<{ date: number; cached: CachedCatalog | null } | null>(() =>
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
  const latest = useRef<CachedCatalog | null>(null);
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
    const show = (cached: CachedCatalog): void => {
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
  const cached = useMemo(
    () =>
      stored && !pricesVisible && !stored.snapshot.pricesHidden
        ? { ...stored, snapshot: withPricesHidden(stored.snapshot) }
        : stored,
    [stored, pricesVisible],
  );
  return {
    cached,
    loadingCache: date !== null && current === null,
    refreshing: date !== null && canFetch && outcome?.key !== refreshKey,
    error: outcome?.date === date ? outcome.error : null,
  };
}
