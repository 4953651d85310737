import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  CATALOG_QUERY_PARAMS,
  catalogQueryParams,
  parseCatalogQuery,
  type CatalogQuery,
} from '@stemline/shared';
import { useLatestCallback } from './use-latest-callback';

export type UpdateCatalogQuery = (
  change: Partial<CatalogQuery>,
  options?: { replace?: boolean },
) => void;

const OURS: ReadonlySet<string> = new Set(CATALOG_QUERY_PARAMS);

/**
 * The catalogue view, read from and written to the URL, so a shared link (or Back) reproduces it.
 * Updates merge into the current view; parameters that are not the catalogue's (sign-up, tracking)
 * are kept. A change is a new history entry unless `replace` is set (typing in search).
 */
export function useCatalogQuery(): [CatalogQuery, UpdateCatalogQuery] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const query = useMemo(() => parseCatalogQuery(new URLSearchParams(text)), [text]);
  // The router's setter changes with every URL; `update` stays the same function, so the
  // memoised filters, toolbar and list do not re-render on each keystroke of the search. It
  // reads the URL as it is now: two updates in a row (a sort, then typing) must not race on the
  // router's copy, which lags behind while a navigation renders.
  const update: UpdateCatalogQuery = useLatestCallback((change, options) => {
    const previous = new URLSearchParams(window.location.search);
    const next = new URLSearchParams();
    for (const [name, value] of previous) if (!OURS.has(name)) next.append(name, value);
    const merged = { ...parseCatalogQuery(previous), ...change };
    for (const [name, value] of catalogQueryParams(merged)) next.append(name, value);
    setParams(next, { replace: options?.replace ?? false });
  });
  return [query, update];
}
