import { useDeferredValue, useMemo } from 'react';
import {
  parseCatalogQuery,
  searchIndex,
  type CatalogQuery,
  type Disclaimer,
  type SearchTextReplacement,
} from '@stemline/shared';
import type { CatalogFacets, CatalogModel } from './catalog-model';
import { orderKeyOf } from './catalog-preview';
import { searchEntries, selectEntries, type CatalogEntry } from './catalog-view';
import { countFacets } from './facet-counts';
import type { ShownPreview } from './use-catalog-preview';
import { entriesAhead, facetsAhead } from './view-ahead';

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
  /**
   * How many entries the whole view has: `entries.length`, or the preview's count while
   * `entries` holds only its first ones.
   */
  entryCount: number;
  /** There is a list to show: the model's, or the worker's first screen of this view. */
  shown: boolean;
  /** As the model's (`CatalogModel.blockedOffers`, the snapshot's disclaimers). */
  blockedOffers: number;
  disclaimers: readonly Disclaimer[];
}

const NO_DISCLAIMERS: readonly Disclaimer[] = [];

/**
 * The catalogue's entries for a view of `model`. Each step is kept until its inputs change: the
 * filtered and sorted entries per filters, sort and mode, so a keystroke only ranks the search.
 * Until the model is built, the worker's first screen (`preview`) stands for it when it is of
 * this view, without a search, with the same favourites.
 */
export function useCatalogEntries(
  model: CatalogModel | null,
  preview: ShownPreview | null,
  query: CatalogQuery,
  search: string,
  replacements: readonly SearchTextReplacement[],
  favoriteKeys: ReadonlySet<string>,
): CatalogEntries {
  // A URL change re-parses the view into new arrays; the entries depend on its filters, sort and
  // mode, so they are keyed by those written out (search, date and view left out).
  const orderKey = orderKeyOf(query);
  const order = useMemo(() => parseCatalogQuery(new URLSearchParams(orderKey)), [orderKey]);
  const selected = useMemo(
    () => (model ? (entriesAhead(model, orderKey) ?? selectEntries(model, order, order)) : []),
    [model, order, orderKey],
  );
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
    const ahead =
      facetSearch.trim() === '' ? facetsAhead(model, orderKey, favoriteKeys) : undefined;
    if (ahead) return ahead;
    const result =
      facetSearch.trim() === ''
        ? null
        : searchIndex(model.searchIndex(), facetSearch, replacements);
    return countFacets(model, order, result, { keys: favoriteKeys, only: order.favorites });
  }, [model, order, orderKey, facetSearch, replacements, favoriteKeys]);
  if (!model) {
    const first =
      preview &&
      preview.preview.orderKey === orderKey &&
      preview.favorites === favoriteKeys &&
      search.trim() === ''
        ? preview.preview
        : null;
    return {
      order,
      entries: first?.entries ?? entries,
      visible: first?.entries ?? visible,
      varietyCount: first?.varietyCount ?? 0,
      facets: first?.facets ?? null,
      entryCount: first?.entryCount ?? 0,
      shown: first !== null,
      blockedOffers: first?.blockedOffers ?? 0,
      disclaimers: first?.disclaimers ?? NO_DISCLAIMERS,
    };
  }
  return {
    order,
    entries,
    visible,
    varietyCount,
    facets,
    entryCount: entries.length,
    shown: true,
    blockedOffers: model.blockedOffers,
    disclaimers: model.snapshot.disclaimers,
  };
}
