import {
  appliedLengthRange,
  availableGrowerKeys,
  isProductAvailable,
  lengthMatchesSearch,
  priceRowMatchesFilters,
  rankByMatches,
  searchIndex,
  varietyMatchesFilters,
  type CatalogFilters,
  type CatalogMode,
  type CatalogSort,
  type Grower,
  type SearchTextReplacement,
} from '@stemline/shared';
import type { CatalogModel, PriceRow, Product } from './catalog-model';
import { runSteps, type Steps } from './run-in-slices';
import { sortInSteps } from './sort-in-steps';

/** One card of the catalogue list. */
export interface CatalogEntry {
  /** Unique in the list: the variety key, or farm and variety in farm mode. */
  key: string;
  product: Product;
  /** The product's price rows in this view (filters applied; one farm's in farm mode), best first. */
  rows: PriceRow[];
  /** Growers of `rows` that sell at least one whole box. */
  availableGrowers: string[];
  /** The row the card leads with: the cheapest that sells a whole box. */
  best: PriceRow;
  /** The farm the entry is listed under in farm mode; null when browsing by best deal. */
  farm: Grower | null;
}

export interface CatalogOrder {
  sortBy: CatalogSort;
  mode: CatalogMode;
}

/**
 * The available products of a view, in its order. A product (or, by farm, a farm's offer of it)
 * is listed only when available (spec §4): it has growers selling a whole box among the price rows
 * the filters keep. Entries led by a preferred farm's row come first (by farm, preferred farms'
 * groups). Then 'Most popular' orders by rank (lower first), 'Price low-high' by the best stem
 * price; names break ties. By farm, entries are grouped by farm name before that.
 */
export function selectEntries(
  model: CatalogModel,
  filters: CatalogFilters,
  order: CatalogOrder,
): CatalogEntry[] {
  // At once (a change of order in the page, the worker's first screen): the built-in sort.
  const keyed = runSteps(keyedEntriesSteps(model, filters, order));
  return keyed.sort(compareKeyed).map(({ entry }) => entry);
}

/** Products looked at between two steps of `selectEntriesSteps`. */
const STEP_PRODUCTS = 128;

/** `selectEntries` a step at a time (run-in-slices.ts), its sort too. */
export function* selectEntriesSteps(
  model: CatalogModel,
  filters: CatalogFilters,
  order: CatalogOrder,
): Steps<CatalogEntry[]> {
  const keyed = yield* keyedEntriesSteps(model, filters, order);
  yield;
  const sorted = yield* sortInSteps(keyed, compareKeyed);
  return sorted.map(({ entry }) => entry);
}

/** An entry with its sort keys, read once per entry, not once per comparison (~150,000). */
interface KeyedEntry {
  entry: CatalogEntry;
  preferred: number;
  farm: number;
  price: number;
  rank: number;
  name: number;
}

function* keyedEntriesSteps(
  model: CatalogModel,
  filters: CatalogFilters,
  order: CatalogOrder,
): Steps<KeyedEntry[]> {
  const filtersRows =
    filters.farm.length > 0 ||
    filters.country.length > 0 ||
    appliedLengthRange(filters.stemLength) !== null;
  const entries: CatalogEntry[] = [];
  for (const product of model.products) {
    if (product.index % STEP_PRODUCTS === STEP_PRODUCTS - 1) yield;
    if (!varietyMatchesFilters(product.variety, filters)) continue;
    const rows = filtersRows ? filteredRows(product, filters) : product.rows;
    if (order.mode === 'farm') {
      for (const farmRows of groupByGrower(rows)) addEntry(entries, product, farmRows, true);
    } else {
      addEntry(entries, product, rows, false);
    }
  }
  yield;
  const byPrice = order.sortBy === 'price_low_high';
  const place = farmPlace(model);
  return entries.map((entry) => ({
    entry,
    preferred: preferredFirst(entry),
    farm: place(entry),
    price: byPrice ? entry.best.offer.stem_price_cents : 0,
    rank: entry.product.variety.rank,
    name: entry.product.nameOrder,
  }));
}

function compareKeyed(a: KeyedEntry, b: KeyedEntry): number {
  return (
    a.preferred - b.preferred ||
    a.farm - b.farm ||
    a.price - b.price ||
    a.rank - b.rank ||
    a.name - b.name
  );
}

/**
 * The entries that match a search: every word matched, best match first, rose groups next, then in
 * the order given (spec §9; so preferred farms' first among equals). A number in the search is a
 * stem length: an entry keeps only its rows of that length and leads with the best of them, and
 * without one that sells a box it is left out. By farm, the farm groups keep their order
 * (preferred farms' first). A blank search keeps every entry.
 */
export function searchEntries(
  model: CatalogModel,
  entries: readonly CatalogEntry[],
  search: string,
  replacements: readonly SearchTextReplacement[],
): CatalogEntry[] {
  if (search.trim() === '') return [...entries];
  const result = searchIndex(model.searchIndex(), search, replacements);
  const matched =
    result.lengths.length === 0
      ? entries
      : entries.flatMap((entry) => withSearchLengths(entry, result.lengths));
  const ranked = rankByMatches(
    matched,
    (entry) => entry.product.index,
    result,
    (entry) => entry.product.isRose,
  );
  if (!ranked[0]?.farm) return ranked;
  const place = farmPlace(model);
  // Array.prototype.sort is stable: within a farm the ranking stays.
  return ranked
    .map((entry) => ({ entry, preferred: preferredFirst(entry), farm: place(entry) }))
    .sort((a, b) => a.preferred - b.preferred || a.farm - b.farm)
    .map(({ entry }) => entry);
}

/** The entry with only its rows of the typed lengths, or nothing when none of them sells a box. */
function withSearchLengths(entry: CatalogEntry, lengths: readonly string[]): CatalogEntry[] {
  const rows = entry.rows.filter((row) => lengthMatchesSearch(row.length, lengths));
  if (rows.length === entry.rows.length) return [entry];
  const availableGrowers = availableGrowerKeys(rows);
  const best = rows[0];
  if (!best || !isProductAvailable({ availableGrowers, filteredPrices: rows })) return [];
  return [{ ...entry, rows, availableGrowers, best }];
}

/** The product's price rows that the farm, country and length filters keep, best first. */
export function filteredRows(product: Product, filters: CatalogFilters): PriceRow[] {
  return product.rows.filter((row) => priceRowMatchesFilters(row, filters));
}

function addEntry(
  entries: CatalogEntry[],
  product: Product,
  rows: PriceRow[],
  byFarm: boolean,
): void {
  const availableGrowers =
    rows === product.rows ? product.availableGrowers : availableGrowerKeys(rows);
  const best = rows[0];
  if (!best || !isProductAvailable({ availableGrowers, filteredPrices: rows })) return;
  entries.push({
    key: byFarm ? `${best.grower.key}:${product.variety.key}` : product.variety.key,
    product,
    rows,
    availableGrowers,
    best,
    farm: byFarm ? best.grower : null,
  });
}

/** Rows split by grower, in the order each grower first appears (rows stay best first). */
function groupByGrower(rows: readonly PriceRow[]): PriceRow[][] {
  const groups = new Map<string, PriceRow[]>();
  for (const row of rows) {
    const group = groups.get(row.grower.key);
    if (group) group.push(row);
    else groups.set(row.grower.key, [row]);
  }
  return [...groups.values()];
}

/** 0 for an entry led by a preferred farm's row, 1 for any other: the first sort key. */
function preferredFirst(entry: CatalogEntry): number {
  return entry.best.preferred ? 0 : 1;
}

/** An entry's farm's place in `model.farmOrder`; 0 without a farm. */
function farmPlace(model: CatalogModel): (entry: CatalogEntry) => number {
  return (entry) => (entry.farm === null ? 0 : (model.farmOrder.get(entry.farm.key) ?? 0));
}
