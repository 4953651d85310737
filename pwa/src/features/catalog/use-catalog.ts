import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { CatalogSnapshot } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { catalogDb, saveCatalog, type CachedCatalog } from '../../data/catalog-db';

export interface CatalogState {
  cached: CachedCatalog | undefined;
  /** True until the local cache has answered (it answers offline too). */
  loadingCache: boolean;
  refreshing: boolean;
  error: string | null;
}

interface FetchOutcome {
  date: number;
  error: string | null;
}

/**
 * The catalog of a delivery date from the device cache, refreshed from the server when online.
 * Offline, the cached copy is all there is, and it says when it was fetched.
 */
export function useCatalog(date: number | null, canFetch: boolean): CatalogState {
  const cached = useLiveQuery(
    async () => (date ? ((await catalogDb.catalogs.get(date)) ?? null) : null),
    [date],
  );
  const [outcome, setOutcome] = useState<FetchOutcome | null>(null);

  useEffect(() => {
    if (!date || !canFetch) return;
    const controller = new AbortController();
    const finish = (error: string | null): void => {
      if (!controller.signal.aborted) setOutcome({ date, error });
    };
    void apiRequest<CatalogSnapshot>(`/api/catalog/${date}`, { signal: controller.signal })
      .then(async (answer) => {
        if (answer.success) await saveCatalog(answer.data, Date.now());
        finish(answer.success || answer.offline ? null : answer.error);
      })
      .catch((failure: unknown) =>
        finish(failure instanceof Error ? failure.message : String(failure)),
      );
    return () => controller.abort();
  }, [date, canFetch]);

  const settled = outcome?.date === date;
  return {
    cached: cached ?? undefined,
    loadingCache: cached === undefined,
    refreshing: Boolean(date) && canFetch && !settled,
    error: settled ? outcome.error : null,
  };
}
