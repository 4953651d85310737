import type { CatalogListFilter, StemLengthRange } from './catalog-query';

/** The narrowing part of a catalogue view: what `CatalogQuery` holds besides search and order. */
export type CatalogFilters = Readonly<Record<CatalogListFilter, readonly string[]>> & {
  readonly stemLength: StemLengthRange;
};

/** What the variety-level filters look at. */
export interface FilterableVariety {
  category_key: string;
  product_group_key: string;
  color_key: string;
}

/** What the price-row-level filters look at: the row's grower and length, and its country. */
export interface FilterablePriceRow {
  grower_key: string;
  length: number;
  country_iso: string;
}

/** Spec §5: the length filter applies only when both a minimum and a maximum exist. */
export function appliedLengthRange(range: StemLengthRange): { min: number; max: number } | null {
  return range.min !== null && range.max !== null ? { min: range.min, max: range.max } : null;
}

/**
 * True when the variety is in every chosen category, product group and colour. An empty choice
 * does not narrow; several values of one filter mean any of them.
 */
export function varietyMatchesFilters(
  variety: FilterableVariety,
  filters: CatalogFilters,
): boolean {
  return (
    includes(filters.category, variety.category_key) &&
    includes(filters.product_group, variety.product_group_key) &&
    includes(filters.color, variety.color_key)
  );
}

/**
 * True when the price row is from a chosen farm and country and, when the length filter applies,
 * its length lies inside [min, max] (spec §5: both ends included).
 */
export function priceRowMatchesFilters(row: FilterablePriceRow, filters: CatalogFilters): boolean {
  if (!includes(filters.farm, row.grower_key) || !includes(filters.country, row.country_iso)) {
    return false;
  }
  const range = appliedLengthRange(filters.stemLength);
  return range === null || (row.length >= range.min && row.length <= range.max);
}

function includes(chosen: readonly string[], value: string): boolean {
  return chosen.length === 0 || chosen.includes(value);
}
