import { COUNTRIES } from '../constants';
import { isEtaDate } from '../eta-date-text';

/**
 * The catalogue view as the URL carries it (spec §2 Query parameters), so a shared link
 * reproduces the view: `date`, `category`, `product_group`, `farm`, `country`, `color`,
 * `minimun_stem_length` (min,max), `search`, `sortBy`, `mode`, with comma-separated lists.
 * `view` (grid or list) is ours: it is part of what a shared link should show; so is `favorites=1`,
 * the buyer's favourites only.
 */

/** Spec §2 Catalog sort options: Most popular (best_offer) and Price low-high (price_low_high). */
export const CATALOG_SORTS = ['best_offer', 'price_low_high'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Browse modes: the best deal of each variety, or each farm's offer grouped by farm. */
export const CATALOG_MODES = ['best_deal', 'farm'] as const;
export type CatalogMode = (typeof CATALOG_MODES)[number];

export const CATALOG_VIEWS = ['grid', 'list'] as const;
export type CatalogView = (typeof CATALOG_VIEWS)[number];

/** The multi-value filters, named as their URL parameters. */
export const CATALOG_LIST_FILTERS = [
  'category',
  'product_group',
  'farm',
  'country',
  'color',
] as const;
export type CatalogListFilter = (typeof CATALOG_LIST_FILTERS)[number];

/** Stem length bounds in cm; the filter applies only when both are set (spec §5). */
export interface StemLengthRange {
  min: number | null;
  max: number | null;
}

export interface CatalogQuery extends Record<CatalogListFilter, readonly string[]> {
  /** The delivery date, yyyyMMdd, or null when the URL has none (or an impossible one). */
  date: number | null;
  stemLength: StemLengthRange;
  search: string;
  sortBy: CatalogSort;
  mode: CatalogMode;
  view: CatalogView;
  /** Only the buyer's favourite varieties (ours; the spec lists favourites but no such view). */
  favorites: boolean;
}

export const DEFAULT_CATALOG_QUERY: CatalogQuery = {
  date: null,
  category: [],
  product_group: [],
  farm: [],
  country: [],
  color: [],
  stemLength: { min: null, max: null },
  search: '',
  sortBy: 'best_offer',
  mode: 'best_deal',
  view: 'grid',
  favorites: false,
};

/** The URL parameter of the stem length range, spelled as the spec spells it. */
export const STEM_LENGTH_PARAM = 'minimun_stem_length';
/** Every parameter this codec reads and writes; others in the URL are left alone. */
export const CATALOG_QUERY_PARAMS = [
  'date',
  ...CATALOG_LIST_FILTERS,
  STEM_LENGTH_PARAM,
  'search',
  'sortBy',
  'mode',
  'view',
  'favorites',
] as const;

/** Longest search text kept from a URL, and caps that keep a hostile link cheap to apply. */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_FILTER_VALUES = 50;
const MAX_STEM_LENGTH_CM = 300;
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Anything with URLSearchParams' `get`, so this module stays free of DOM types. */
export interface QueryParamSource {
  get(name: string): string | null;
}

/**
 * Reads the catalogue view from URL parameters. Never throws: unknown values fall back to the
 * defaults, list values that are not plain keys (or not one of spec §9's countries) are dropped,
 * duplicates removed, and every list, the search text and the lengths are capped.
 */
export function parseCatalogQuery(params: QueryParamSource): CatalogQuery {
  return {
    date: parseDateParam(params.get('date')),
    category: parseKeyList(params.get('category')),
    product_group: parseKeyList(params.get('product_group')),
    farm: parseKeyList(params.get('farm')),
    country: parseKeyList(params.get('country')?.toUpperCase() ?? null).filter((code) =>
      (COUNTRIES as readonly string[]).includes(code),
    ),
    color: parseKeyList(params.get('color')),
    stemLength: parseStemLength(params.get(STEM_LENGTH_PARAM)),
    search: (params.get('search') ?? '')
      .replace(CONTROL_CHARACTERS, '')
      .slice(0, MAX_SEARCH_LENGTH),
    sortBy: oneOf(CATALOG_SORTS, params.get('sortBy'), DEFAULT_CATALOG_QUERY.sortBy),
    mode: oneOf(CATALOG_MODES, params.get('mode'), DEFAULT_CATALOG_QUERY.mode),
    view: oneOf(CATALOG_VIEWS, params.get('view'), DEFAULT_CATALOG_QUERY.view),
    favorites: params.get('favorites') === '1',
  };
}

/**
 * The URL parameters of a view, in a fixed order, leaving out what equals the default, so equal
 * views give equal links. `parseCatalogQuery` of the result gives the view back.
 */
export function catalogQueryParams(query: CatalogQuery): [string, string][] {
  const entries: [string, string][] = [];
  if (query.date !== null) entries.push(['date', String(query.date)]);
  for (const name of CATALOG_LIST_FILTERS) {
    if (query[name].length > 0) entries.push([name, query[name].join(',')]);
  }
  const { min, max } = query.stemLength;
  if (min !== null || max !== null) entries.push([STEM_LENGTH_PARAM, `${min ?? ''},${max ?? ''}`]);
  if (query.search !== '') entries.push(['search', query.search]);
  if (query.sortBy !== DEFAULT_CATALOG_QUERY.sortBy) entries.push(['sortBy', query.sortBy]);
  if (query.mode !== DEFAULT_CATALOG_QUERY.mode) entries.push(['mode', query.mode]);
  if (query.view !== DEFAULT_CATALOG_QUERY.view) entries.push(['view', query.view]);
  if (query.favorites) entries.push(['favorites', '1']);
  return entries;
}

/** Merged into a view, clears every filter and the search; date, sort, mode and view stay. */
export const CLEARED_FILTERS = {
  category: [],
  product_group: [],
  farm: [],
  country: [],
  color: [],
  stemLength: { min: null, max: null },
  search: '',
  favorites: false,
} as const satisfies Partial<CatalogQuery>;

/** True when a view narrows the catalogue by any filter or search (not sort, mode or view). */
export function hasActiveFilters(query: CatalogQuery): boolean {
  return (
    CATALOG_LIST_FILTERS.some((name) => query[name].length > 0) ||
    query.stemLength.min !== null ||
    query.stemLength.max !== null ||
    query.search.trim() !== '' ||
    query.favorites
  );
}

function parseDateParam(value: string | null): number | null {
  if (value === null || !/^\d{8}$/.test(value)) return null;
  return isEtaDate(value) ? Number(value) : null;
}

function parseKeyList(value: string | null): string[] {
  if (value === null) return [];
  const keys = new Set<string>();
  for (const part of value.split(',')) {
    const key = part.trim();
    if (KEY_PATTERN.test(key)) keys.add(key);
    if (keys.size === MAX_FILTER_VALUES) break;
  }
  return [...keys];
}

/**
 * `min,max` in whole centimetres. Either side may be missing (then the filter does not apply);
 * a reversed pair is put in order rather than matching nothing.
 */
function parseStemLength(value: string | null): StemLengthRange {
  if (value === null) return { min: null, max: null };
  const [minText = '', maxText = '', ...rest] = value.split(',');
  if (rest.length > 0) return { min: null, max: null };
  const min = parseCentimetres(minText);
  const max = parseCentimetres(maxText);
  if (min !== null && max !== null && min > max) return { min: max, max: min };
  return { min, max };
}

function parseCentimetres(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_STEM_LENGTH_CM ? value : null;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}
