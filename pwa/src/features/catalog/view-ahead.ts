import type { CatalogQuery } from '@stemline/shared';
import type { CatalogFacets, CatalogModel } from './catalog-model';
import { orderKeyOf } from './catalog-preview';
import { selectEntriesSteps, type CatalogEntry } from './catalog-view';
import { countFacetsSteps } from './facet-counts';
import type { Steps } from './run-in-slices';

/**
 * The entries and filter counts of the page's view of a new model, worked out a slice at a time
 * with the model (use-catalog-model.ts), so that the model's first render does not work them
 * out in one long task. The page's hooks take them when they are of its view
 * (use-catalog-entries.ts), else work out their own.
 */
interface ViewAhead {
  orderKey: string;
  /** As `selectEntries` gives them, before the favourites filter. */
  entries: CatalogEntry[];
  /** Counted with these favourites, without a search; null when the view had a search. */
  facets: CatalogFacets | null;
  favorites: ReadonlySet<string>;
}

const views = new WeakMap<CatalogModel, ViewAhead>();

/** Works out and keeps the entries and filter counts of `query` on `model`. */
export function* viewAheadSteps(
  model: CatalogModel,
  query: CatalogQuery,
  favorites: ReadonlySet<string>,
): Steps<void> {
  const entries = yield* selectEntriesSteps(model, query, query);
  const facets =
    query.search.trim() === ''
      ? yield* countFacetsSteps(model, query, null, { keys: favorites, only: query.favorites })
      : null;
  views.set(model, { orderKey: orderKeyOf(query), entries, facets, favorites });
}

/** The entries kept for a view of `model` (`selectEntries`'s), if they are of `orderKey`. */
export function entriesAhead(model: CatalogModel, orderKey: string): CatalogEntry[] | undefined {
  const view = views.get(model);
  return view?.orderKey === orderKey ? view.entries : undefined;
}

/**
 * The filter counts kept for a view of `model`, if they are of `orderKey` without a search and
 * counted with the same `favorites`.
 */
export function facetsAhead(
  model: CatalogModel,
  orderKey: string,
  favorites: ReadonlySet<string>,
): CatalogFacets | undefined {
  const view = views.get(model);
  return view?.orderKey === orderKey && view.favorites === favorites
    ? (view.facets ?? undefined)
    : undefined;
}
