import {
  appliedLengthRange,
  lengthMatchesSearch,
  type CatalogFilters,
  type SearchResult,
} from '@stemline/shared';
import type { CatalogFacets, CatalogModel, FacetOption } from './catalog-model';
import { runSteps, type Steps } from './run-in-slices';

/** The buyer's favourite varieties, and whether the view shows only them. */
export interface FavoritesFilter {
  keys: ReadonlySet<string>;
  only: boolean;
}

/**
 * The filter choices with counts that follow the view (standard facet counting): an option's count
 * is how many varieties the list would show with that option chosen on top of every other filter
 * and the search, its own filter left out, so with Roses and Red chosen Red says how many red roses
 * there are, and Pink how many pink ones. A variety counts where it is listed: it passes the
 * variety filters and has a row that sells a box within the farm, country and length filters and
 * the search's stem lengths. The options and their order stay those of the date (`model.facets`),
 * so a box does not move under the pointer; an option nothing matches counts 0.
 *
 * 'Favourites' is a filter like the others: with it on, every count is of favourites; its own
 * count is how many favourites the other filters and the search list.
 *
 * `search` is the search's result, or null for no search.
 */
export function countFacets(
  model: CatalogModel,
  filters: CatalogFilters,
  search: SearchResult | null,
  favorites: FavoritesFilter = { keys: new Set(), only: false },
): CatalogFacets {
  return runSteps(countFacetsSteps(model, filters, search, favorites));
}

/** Products counted between two steps of `countFacetsSteps`. */
const STEP_PRODUCTS = 128;

/** `countFacets` a step at a time (run-in-slices.ts). */
export function* countFacetsSteps(
  model: CatalogModel,
  filters: CatalogFilters,
  search: SearchResult | null,
  favorites: FavoritesFilter = { keys: new Set(), only: false },
): Steps<CatalogFacets> {
  const counts = {
    category: new Map<string, number>(),
    product_group: new Map<string, number>(),
    color: new Map<string, number>(),
    farm: new Map<string, number>(),
    country: new Map<string, number>(),
  };
  const add = (counter: Map<string, number>, key: string) =>
    counter.set(key, (counter.get(key) ?? 0) + 1);
  const range = appliedLengthRange(filters.stemLength);
  const searchLengths = search?.lengths ?? [];
  const farms = new Set<string>();
  const countries = new Set<string>();
  let favoriteCount = 0;
  for (const { index, variety, rows } of model.products) {
    if (index % STEP_PRODUCTS === STEP_PRODUCTS - 1) yield;
    if (search && search.wordCount > 0 && search.counts[index] !== search.wordCount) continue;
    const favorite = favorites.keys.has(variety.key);
    const inCategory = chosen(filters.category, variety.category_key);
    const inGroup = chosen(filters.product_group, variety.product_group_key);
    const inColor = chosen(filters.color, variety.color_key);
    const varietyMisses = Number(!inCategory) + Number(!inGroup) + Number(!inColor);
    if (varietyMisses > 1) continue;
    let listed = false;
    farms.clear();
    countries.clear();
    for (const row of rows) {
      if (row.boxes === 0) continue;
      const length =
        (range === null || (row.length >= range.min && row.length <= range.max)) &&
        lengthMatchesSearch(row.length, searchLengths);
      if (!length) continue;
      const inFarm = chosen(filters.farm, row.grower_key);
      const inCountry = chosen(filters.country, row.country_iso);
      if (inFarm && inCountry) listed = true;
      if (inCountry) farms.add(row.grower_key);
      if (inFarm) countries.add(row.country_iso);
    }
    if (listed && varietyMisses === 0 && favorite) favoriteCount += 1;
    if (favorites.only && !favorite) continue;
    if (listed) {
      if (!inCategory || varietyMisses === 0) add(counts.category, variety.category_key);
      if (!inGroup || varietyMisses === 0) add(counts.product_group, variety.product_group_key);
      if (!inColor || varietyMisses === 0) add(counts.color, variety.color_key);
    }
    if (varietyMisses === 0) {
      for (const farm of farms) add(counts.farm, farm);
      for (const country of countries) add(counts.country, country);
    }
  }
  const recount = (options: readonly FacetOption[], counter: Map<string, number>) =>
    options.map((option) => ({ ...option, count: counter.get(option.key) ?? 0 }));
  return {
    category: recount(model.facets.category, counts.category),
    product_group: recount(model.facets.product_group, counts.product_group),
    color: recount(model.facets.color, counts.color),
    farm: recount(model.facets.farm, counts.farm),
    country: recount(model.facets.country, counts.country),
    lengths: model.facets.lengths,
    favorites: favoriteCount,
  };
}

function chosen(choice: readonly string[], key: string): boolean {
  return choice.length === 0 || choice.includes(key);
}
