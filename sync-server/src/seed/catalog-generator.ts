/**
 * Deterministic catalog seed for the Stemline marketplace (spec §3 Variety, Grower, per-grower
 * price row; spec §9 countries, units, default rank).
 *
 * `generateCatalog()` builds categories, product groups, colours, growers, varieties and offers
 * (per-grower price rows without the computed `stem_price_cents`) from a seed alone: the same
 * seed and options give byte-identical output. Growers, varieties and offers each draw from
 * their own random stream, so e.g. asking for more weeks changes the offers but not the
 * varieties.
 *
 * Price rows are tuned so that `stemPriceCents()` from @stemline/shared lands in believable
 * wholesale bands (a 60 cm rose about $1.60 a stem, a carnation $0.50–0.75, a hydrangea about
 * $3.30): each row picks a landed target price in dollars, then its freight, box charge, duties
 * and margin, solves the grower price from those, and keeps the parts in whole mills.
 */
import { CATEGORIES } from './reference/categories';
import { COLORS } from './reference/colors';
import { COUNTRY_ORDER } from './reference/countries';
import { PRODUCT_GROUPS } from './reference/product-groups';
import type { CatalogSeed } from './catalog-generator/catalog-seed';
import { buildWeeks } from './catalog-generator/delivery-weeks';
import { buildGrowers } from './catalog-generator/growers';
import { buildOffers } from './catalog-generator/offers';
import { buildVarieties } from './catalog-generator/varieties';

export type {
  CatalogSeed,
  SeedCategory,
  SeedColor,
  SeedOffer,
  SeedProductGroup,
} from './catalog-generator/catalog-seed';

export interface CatalogOptions {
  /** Any 32-bit integer; defaults to DEFAULT_CATALOG_SEED. */
  seed?: number;
  /** How many varieties (products); at least 1. */
  varieties: number;
  /** How many growers; at least 6 (one per country of spec §9). */
  growers: number;
  /**
   * First delivery date, yyyyMMdd. Rows cover `weeks` Monday–Friday windows starting with the
   * week that contains this date (the next week when it falls on a weekend); no window starts
   * before it.
   */
  firstEtaDate: number;
  /** How many delivery weeks; at least 1. */
  weeks: number;
}

export const DEFAULT_CATALOG_SEED = 20_260_214;

function checkCount(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
}

/**
 * Generates a complete catalog seed. Pure: depends only on its options, never on the clock or
 * Math.random. Throws RangeError on impossible options.
 */
export function generateCatalog(options: CatalogOptions): CatalogSeed {
  const seed = (options.seed ?? DEFAULT_CATALOG_SEED) >>> 0;
  checkCount('varieties', options.varieties, 1);
  checkCount('growers', options.growers, COUNTRY_ORDER.length);
  checkCount('weeks', options.weeks, 1);
  const weeks = buildWeeks(options.firstEtaDate, options.weeks);

  const { growers, drafts } = buildGrowers(seed, options.growers);
  const varieties = buildVarieties(seed, options.varieties);
  const offers = buildOffers(seed, varieties, growers, drafts, weeks);

  return {
    growers,
    varieties,
    offers,
    productGroups: PRODUCT_GROUPS.map((g) => ({
      key: g.key,
      name: g.name,
      category_key: g.category,
    })),
    categories: CATEGORIES.map((c) => ({ ...c })),
    colors: COLORS.map((c) => ({ ...c })),
  };
}
