import { useDeferredValue, useEffect, useMemo } from 'react';
import {
  catalogQueryParams,
  parseCatalogQuery,
  searchIndex,
  type CatalogQuery,
  type FarmPreferences,
  type SearchTextReplacement,
} from '@stemline/shared';
import type { CachedCatalog } from '../../storage/catalog-db';
import { buildCatalogModel, type CatalogFacets, type CatalogModel } from './catalog-model';
import { searchEntries, selectEntries, type CatalogEntry } from './catalog-view';
import { countFacets } from './facet-counts';
import { whenIdle } from './idle';
import { buildSearchIndexInWorker } from './search-index-client';

export interface CatalogEntries {
  /**
   * The view's filters, sort and mode (its search, date and view left at their defaults): the
   * same object while only the search changes, so what depends on it skips a keystroke.
   */
  order: CatalogQuery;
  /** The entries the filters, sort and mode give, before search. */
  entries: CatalogEntry[];
  /** What the list shows: `entries` narrowed and ranked by the search. */
  visible: CatalogEntry[];
  /** How many varieties `visible` holds (by farm, a variety may be listed under several farms). */
  varietyCount: number;
  /** The filter choices, counted with the other filters and the search (facet-counts.ts). */
  facets: CatalogFacets | null;
}

/**
 * The catalogue model (the join; its search index on first use) of the device's copy of a date,
 * without the buyer's blocked farms and their preferred farms first, kept per snapshot and farms.
 * The list shows without the search index (unless the view has a search); once the page is idle
 * a Web Worker builds it, off the main thread, so neither the first screen nor the first
 * keystroke waits for it (a search typed before the worker answers builds it in-thread).
 */
export function useCatalogModel(
  cached: CachedCatalog | undefined,
  farms: FarmPreferences,
): CatalogModel | null {
  const snapshot = cached?.snapshot;
  const model = useMemo(
    () => (snapshot ? buildCatalogModel(snapshot, farms) : null),
    [snapshot, farms],
  );
  useEffect(
    () =>
      model
        ? whenIdle(() => void model.prepareSearchIndex(buildSearchIndexInWorker), 2000)
        : undefined,
    [model],
  );
  return model;
}

/**
 * The catalogue's entries for a view of `model`. Each step is kept until its inputs change: the
 * filtered and sorted entries per filters, sort and mode, so a keystroke only ranks the search.
 */
export function useCatalogEntries(
  model: CatalogModel | null,
  query: CatalogQuery,
  search: string,
  replacements: readonly SearchTextReplacement[],
  favoriteKeys: ReadonlySet<string>,
): CatalogEntries {
  // A URL change re-parses the view into new arrays; the entries depend on its filters, sort and
  // mode, so they are keyed by those written out (search, date and view left out).
  const orderKey = new URLSearchParams(
    catalogQueryParams({ ...query, date: null, search: '', view: 'grid' }),
  ).toString();
  const order = useMemo(() => parseCatalogQuery(new URLSearchParams(orderKey)), [orderKey]);
  const selected = useMemo(() => (model ? selectEntries(model, order, order) : []), [model, order]);
  // Only a favourites view follows the hearts; any other skips their changes.
  const onlyKeys = order.favorites ? favoriteKeys : null;
  const entries = useMemo(
    () =>
      onlyKeys ? selected.filter((entry) => onlyKeys.has(entry.product.variety.key)) : selected,
    [selected, onlyKeys],
  );
  const visible = useMemo(
    () => (model ? searchEntries(model, entries, search, replacements) : []),
    [model, entries, search, replacements],
  );
  const varietyCount = useMemo(
    () =>
      order.mode === 'farm'
        ? new Set(visible.map((entry) => entry.product.index)).size
        : visible.length,
    [order.mode, visible],
  );
  // Deferred: a keystroke paints its results first; the counts follow in a background render.
  const facetSearch = useDeferredValue(search);
  const facets = useMemo(() => {
    if (!model) return null;
    const result =
      facetSearch.trim() === ''
        ? null
        : searchIndex(model.searchIndex(), facetSearch, replacements);
    return countFacets(model, order, result, { keys: favoriteKeys, only: order.favorites });
  }, [model, order, facetSearch, replacements, favoriteKeys]);
  return { order, entries, visible, varietyCount, facets };
}
