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

/**
 * The catalog of a delivery date from the device cache, refreshed from the server when online.
 * Offline, the cached copy is all there is, and it says when it was fetched.
 */
export function useCatalog(date: number | null, canFetch: boolean): CatalogState {
  const cached = useLiveQuery(async () => (date ? ((await catalogDb.catalogs.get(date)) ?? null) : null), [date]);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!date || !canFetch) return;
    const controller = new AbortController();
    setRefreshing(true);
    setError(null);
    void apiRequest<CatalogSnapshot>(`/api/catalog/${date}`, { signal: controller.signal })
      .then(async (answer) => {
        if (controller.signal.aborted) return;
        if (answer.success) await saveCatalog(answer.data, Date.now());
        else if (!answer.offline) setError(answer.error);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure));
      })
      .finally(() => {
        if (!controller.signal.aborted) setRefreshing(false);
      });
    return () => controller.abort();
  }, [date, canFetch]);

  return { cached: cached ?? undefined, loadingCache: cached === undefined, refreshing, error };
}
