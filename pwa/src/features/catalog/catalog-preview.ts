import {
  CATALOG_HEAD_ENTRIES,
  catalogQueryParams,
  decodeCatalogSnapshot,
  DEFAULT_CATALOG_QUERY,
  type CatalogQuery,
  type Disclaimer,
} from '@stemline/shared';
import { buildCatalogModel, type CatalogFacets, type CatalogModel } from './catalog-model';
import { selectEntries, type CatalogEntry } from './catalog-view';
import { countFacets, type FavoritesFilter } from './facet-counts';

/**
 * What the catalogue's first screen needs of a view, worked out by the catalogue worker
 * (catalog.worker.ts) while the page builds the whole model a slice at a time: the view's first
 * entries, how many there are, and the filter counts. The page shows it until its own model is
 * built (use-catalog-entries.ts), the same cards with the same figures.
 */
export interface CatalogPreview {
  /** The view it was worked out for (`orderKeyOf`): it stands for no other. */
  orderKey: string;
  /** The view's first entries, in its order. */
  entries: CatalogEntry[];
  /** How many entries the whole view has, and how many varieties (`CatalogEntries`). */
  entryCount: number;
  varietyCount: number;
  /** Null when worked out from the head of the copy (use-catalog-head.ts): they wait for it. */
  facets: CatalogFacets | null;
  /** As `CatalogModel.blockedOffers`. */
  blockedOffers: number;
  disclaimers: Disclaimer[];
}

/**
 * The entries a first screen can show, with the rows around it: six grid columns (the widest
 * window) by eight rows, as many as the head of a copy leads with.
 */
export const PREVIEW_ENTRIES = CATALOG_HEAD_ENTRIES;

/** A view's filters, sort and mode written out (its search, date and view left out). */
export function orderKeyOf(query: CatalogQuery): string {
  return new URLSearchParams(
    catalogQueryParams({ ...query, date: null, search: '', view: 'grid' }),
  ).toString();
}

/**
 * Whether a view's first screen can be worked out ahead: not with a search (the index comes
 * later), only favourites (the page's favourites may change meanwhile), or by farm (a farm's
 * heading counts every entry of the farm).
 */
export function canPreview(query: CatalogQuery): boolean {
  return query.search.trim() === '' && !query.favorites && query.mode !== 'farm';
}

/**
 * Whether the head of a copy (shared `catalogHead`) holds the view's first screen: the default
 * view (filters, sort and mode), without a search; the date and the grid or list do not matter.
 */
export function headHolds(query: CatalogQuery): boolean {
  return canPreview(query) && orderKeyOf(query) === orderKeyOf(DEFAULT_CATALOG_QUERY);
}

/**
 * The first screen of `query` (one `canPreview` allows) from a model, its filter counts with the
 * buyer's `favorites` keys: what the worker sends.
 */
export function previewOf(
  model: CatalogModel,
  query: CatalogQuery,
  favorites: ReadonlySet<string>,
  count: number,
): CatalogPreview {
  const filter: FavoritesFilter = { keys: favorites, only: false };
  return { ...entriesOf(model, query, count), facets: countFacets(model, query, null, filter) };
}

/** A preview's first `count` entries of `query` and its counts, without the filter counts. */
function entriesOf(
  model: CatalogModel,
  query: CatalogQuery,
  count: number,
): Omit<CatalogPreview, 'facets'> {
  const entries = selectEntries(model, query, query);
  return {
    orderKey: orderKeyOf(query),
    entries: entries.slice(0, count),
    entryCount: entries.length,
    varietyCount: entries.length,
    blockedOffers: model.blockedOffers,
    disclaimers: model.snapshot.disclaimers,
  };
}

/**
 * The first screen of the default view (one `headHolds` allows) from the head of a copy (shared
 * `catalogHead`): its first entries, the whole view's count as the server counted it, and no
 * filter counts (they need the whole copy).
 */
export function headPreview(
  head: { data: ArrayBuffer; entryCount: number },
  query: CatalogQuery,
): CatalogPreview {
  const model = buildCatalogModel(decodeCatalogSnapshot(head.data, { hidePrices: true }));
  const preview = entriesOf(model, query, PREVIEW_ENTRIES);
  return { ...preview, entryCount: head.entryCount, varietyCount: head.entryCount, facets: null };
}
