import {
  availableGrowerKeys,
  blockedFarmsKey,
  boxesOffered,
  buildSearchIndex,
  isFarmBlocked,
  isFarmPreferred,
  isRoseGroup,
  NO_FARM_PREFERENCES,
  varietySearchTexts,
  type CatalogSnapshot,
  type FarmPreferences,
  type Grower,
  type Offer,
  type SearchIndex,
  type SearchText,
  type Variety,
} from '@stemline/shared';
import { runSteps, type Steps } from './run-in-slices';
import { sortInSteps } from './sort-in-steps';

/**
 * A price row with its grower, and what filtering and ordering read from it, worked out once
 * per snapshot: the fields the row filters look at and the boxes it offers (spec §5).
 */
export interface PriceRow {
  offer: Offer;
  grower: Grower;
  grower_key: string;
  country_iso: string;
  length: number;
  boxes: number;
  /** The grower is one of the buyer's preferred farms: its rows come first. */
  preferred: boolean;
}

/**
 * A variety with every price row of the date but those of the buyer's blocked farms: rows with a
 * whole box first, preferred farms' first among them, then cheapest first.
 */
export interface Product {
  /** Position in `CatalogModel.products`: the document number in the search index. */
  index: number;
  variety: Variety;
  rows: PriceRow[];
  /** The growers of `rows` that sell a whole box, before any filter. */
  availableGrowers: string[];
  /** Roses, spray roses and garden roses rank up in search (spec §9). */
  isRose: boolean;
  /** Place of the variety's name in alphabetical order, for ties in sorting. */
  nameOrder: number;
  /** How many rows selling a box were left out because their farm is blocked. */
  blockedOffers: number;
}

/** One choice of a filter list, with how many products of the date it covers. */
export interface FacetOption {
  key: string;
  name: string;
  count: number;
  /** The country of a farm or country choice, shown as a flag. */
  country?: { iso: string; name: string } | undefined;
}

export interface CatalogFacets {
  category: FacetOption[];
  product_group: FacetOption[];
  farm: FacetOption[];
  country: FacetOption[];
  color: FacetOption[];
  /** Every stem length offered, in cm, shortest first (0, no length, left out). */
  lengths: number[];
  /** How many of the buyer's favourites the other filters list (facet-counts.ts; 0 here). */
  favorites: number;
}

/** What the catalogue screen works from, built once per snapshot. */
export interface CatalogModel {
  snapshot: CatalogSnapshot;
  products: Product[];
  /**
   * The search index, built on first use: by a search, or by the catalogue worker once the list
   * is on screen (use-catalog-model.ts). A list opened without a search (most opens) does not
   * wait for it.
   */
  searchIndex: () => SearchIndex;
  /**
   * Has `build` make the search index (a Web Worker: catalog-worker-client.ts) unless it exists or
   * was asked for; settles once it is kept. `build`'s null (no worker) leaves it to
   * `searchIndex()`, which builds it in-thread from the same documents on first use.
   */
  prepareSearchIndex: (build: SearchIndexBuilder) => Promise<void>;
  facets: CatalogFacets;
  /** Each grower's place when listing by farm: alphabetical by name. */
  farmOrder: ReadonlyMap<string, number>;
  /** How many rows selling a box the date has from the buyer's blocked farms (not shown). */
  blockedOffers: number;
}

/**
 * Builds the search index of the documents elsewhere (a worker), or has it already (a worker
 * that built it from the same copy); null when it cannot. Calls `documents` only if it needs them.
 */
export type SearchIndexBuilder = (
  documents: () => readonly (readonly SearchText[])[],
) => Promise<SearchIndex | null>;

/** What depends only on the varieties, growers and which rows exist: built once per catalogue. */
interface CatalogStructure {
  growers: readonly Grower[];
  rowCount: number;
  /** The blocked farms left out (blockedFarmsKey): other ones leave out other products. */
  blockedKey: string;
  searchIndex: () => SearchIndex;
  prepareSearchIndex: (build: SearchIndexBuilder) => Promise<void>;
  facets: CatalogFacets;
  farmOrder: ReadonlyMap<string, number>;
  /** Per product position: whether it is a rose, and its place in name order. */
  isRose: readonly boolean[];
  nameOrder: readonly number[];
}

/**
 * A delta (price and stock changes only) gives a new snapshot with the same `varieties` and
 * `growers` arrays and the same rows; the search index and the filter choices are then reused
 * instead of rebuilt every minute.
 */
const structures = new WeakMap<readonly Variety[], CatalogStructure>();

/**
 * Joins a snapshot into products (varieties with their price rows and growers), indexes them for
 * search (names, search name, group, category, colour, tags, farms and their countries) and counts
 * the filter choices. Rows of growers the snapshot does not list are dropped, and so are those of
 * the buyer's blocked farms (counted); a variety without rows is not a product. Rows of preferred
 * farms lead their product.
 */
export function buildCatalogModel(
  snapshot: CatalogSnapshot,
  farms: FarmPreferences = NO_FARM_PREFERENCES,
): CatalogModel {
  return runSteps(catalogModelSteps(snapshot, farms));
}

/** Rows or products handled between two steps of the model's building. */
const STEP_ITEMS = 128;

/**
 * `buildCatalogModel` a step at a time (run-in-slices.ts): yields between a few hundred rows or
 * products, so that the page can build the model between frames.
 */
export function* catalogModelSteps(
  snapshot: CatalogSnapshot,
  farms: FarmPreferences = NO_FARM_PREFERENCES,
): Steps<CatalogModel> {
  const growers = new Map(snapshot.growers.map((grower) => [grower.key, grower]));
  const rowsByVariety = new Map<string, PriceRow[]>();
  const blockedByVariety = new Map<string, number>();
  let rowCount = 0;
  let blockedOffers = 0;
  let step = 0;
  for (const offer of snapshot.offers) {
    if (++step % STEP_ITEMS === 0) yield;
    const grower = growers.get(offer.grower_key);
    if (!grower) continue;
    const boxes = boxesOffered(offer);
    if (isFarmBlocked(farms, grower.key)) {
      if (boxes > 0) {
        blockedOffers += 1;
        blockedByVariety.set(offer.variety_key, (blockedByVariety.get(offer.variety_key) ?? 0) + 1);
      }
      continue;
    }
    rowCount += 1;
    const row: PriceRow = {
      offer,
      grower,
      grower_key: grower.key,
      country_iso: grower.country_iso,
      length: offer.length,
      boxes,
      preferred: isFarmPreferred(farms, grower.key),
    };
    const rows = rowsByVariety.get(offer.variety_key);
    if (rows) rows.push(row);
    else rowsByVariety.set(offer.variety_key, [row]);
  }
  const products: Product[] = [];
  for (const variety of snapshot.varieties) {
    if (++step % STEP_ITEMS === 0) yield;
    const rows = rowsByVariety.get(variety.key);
    if (!rows) continue;
    rows.sort(compareRows);
    products.push({
      index: products.length,
      variety,
      rows,
      availableGrowers: availableGrowerKeys(rows),
      isRose: false,
      nameOrder: 0,
      blockedOffers: blockedByVariety.get(variety.key) ?? 0,
    });
  }
  const blockedKey = blockedFarmsKey(farms);
  let structure = structures.get(snapshot.varieties);
  if (
    structure?.growers !== snapshot.growers ||
    structure.rowCount !== rowCount ||
    structure.blockedKey !== blockedKey
  ) {
    structure = yield* structureSteps(snapshot, products, rowCount, blockedKey);
    structures.set(snapshot.varieties, structure);
  }
  for (const product of products) {
    product.isRose = structure.isRose[product.index] ?? false;
    product.nameOrder = structure.nameOrder[product.index] ?? 0;
  }
  const { searchIndex, prepareSearchIndex, facets, farmOrder } = structure;
  return { snapshot, products, searchIndex, prepareSearchIndex, facets, farmOrder, blockedOffers };
}

function* structureSteps(
  snapshot: CatalogSnapshot,
  products: readonly Product[],
  rowCount: number,
  blockedKey: string,
): Steps<CatalogStructure> {
  const roseGroups = new Map<string, boolean>();
  const isRose = products.map(({ variety }) => {
    let rose = roseGroups.get(variety.product_group_name);
    if (rose === undefined) {
      rose = isRoseGroup(variety.product_group_name);
      roseGroups.set(variety.product_group_name, rose);
    }
    return rose;
  });
  // Code-unit order of lower-cased names: only ties of rank need it, and Intl collation of
  // 11,000 names is a noticeable pause.
  const lowerNames = products.map(({ variety }) => variety.name.toLowerCase());
  yield;
  const nameOrder = new Array<number>(products.length).fill(0);
  const byName = yield* sortInSteps(
    products.map((_, index) => index),
    (a, b) => {
      const nameA = lowerNames[a] ?? '';
      const nameB = lowerNames[b] ?? '';
      return nameA < nameB ? -1 : nameA > nameB ? 1 : a - b;
    },
  );
  byName.forEach((index, place) => {
    nameOrder[index] = place;
  });
  yield;
  const index = searchIndexSlot(() => searchDocuments(products));
  const facets = yield* facetSteps(products);
  return {
    growers: snapshot.growers,
    rowCount,
    blockedKey,
    searchIndex: index.get,
    prepareSearchIndex: index.prepare,
    facets,
    farmOrder: new Map(
      [...snapshot.growers]
        .sort((a, b) => a.grower_name.localeCompare(b.grower_name) || a.key.localeCompare(b.key))
        .map((grower, place) => [grower.key, place]),
    ),
    isRose,
    nameOrder,
  };
}

/**
 * The search index of a structure: built here on the first `get` unless a builder elsewhere
 * (`prepare`) answered first. The structure outlives the snapshot it was built from (a delta
 * gives a new one): `documents` is dropped once the index is kept, and with it that snapshot.
 */
function searchIndexSlot(documents: () => (readonly SearchText[])[]): {
  get: () => SearchIndex;
  prepare: (build: SearchIndexBuilder) => Promise<void>;
} {
  let pending: (() => (readonly SearchText[])[]) | null = documents;
  let index: SearchIndex | null = null;
  let asked: Promise<void> | null = null;
  const keep = (built: SearchIndex): SearchIndex => {
    index = built;
    pending = null;
    return built;
  };
  return {
    get: () => index ?? keep(buildSearchIndex(pending?.() ?? [])),
    prepare: (build) => {
      if (index || !pending) return Promise.resolve();
      const documents = pending;
      asked ??= build(documents).then(
        (built) => {
          if (built && !index) keep(built);
        },
        // The builder failed: the first search builds it here.
        () => undefined,
      );
      return asked;
    },
  };
}

/**
 * Rows that sell at least a box before sold-out ones; then preferred farms' rows, then cheapest,
 * then most stock.
 */
export function compareRows(a: PriceRow, b: PriceRow): number {
  const soldOut = Number(a.boxes === 0) - Number(b.boxes === 0);
  if (soldOut !== 0) return soldOut;
  const preferred = Number(b.preferred) - Number(a.preferred);
  if (preferred !== 0) return preferred;
  return (
    a.offer.stem_price_cents - b.offer.stem_price_cents || b.offer.available - a.offer.available
  );
}

/** The search documents of products, by position: what the search index is built from. */
export function searchDocuments(products: readonly Product[]): (readonly SearchText[])[] {
  return products.map(searchTexts);
}

function searchTexts(product: Product) {
  const growers = new Map<string, Grower>();
  for (const { grower } of product.rows) growers.set(grower.key, grower);
  return varietySearchTexts(product.variety, growers.values());
}

function* facetSteps(products: readonly Product[]): Steps<CatalogFacets> {
  const category = new FacetCounter();
  const group = new FacetCounter();
  const farm = new FacetCounter();
  const country = new FacetCounter();
  const color = new FacetCounter();
  const lengths = new Set<number>();
  // A farm or country counts once per product: the last product that counted it, instead of a
  // set per product (11,000 of them on a full date).
  const farmCountedFor = new Map<string, number>();
  const countryCountedFor = new Map<string, number>();
  for (const { index, variety, rows } of products) {
    if (index % STEP_ITEMS === STEP_ITEMS - 1) yield;
    category.add(variety.category_key, variety.category_name);
    group.add(variety.product_group_key, variety.product_group_name);
    color.add(variety.color_key, variety.color_name);
    for (const { offer, grower } of rows) {
      if (offer.length > 0) lengths.add(offer.length);
      if (farmCountedFor.get(grower.key) !== index) {
        farmCountedFor.set(grower.key, index);
        farm.add(grower.key, grower.grower_name, grower);
      }
      if (countryCountedFor.get(grower.country_iso) !== index) {
        countryCountedFor.set(grower.country_iso, index);
        country.add(grower.country_iso, grower.country_name, grower);
      }
    }
  }
  return {
    category: category.options(),
    product_group: group.options(),
    farm: farm.options(),
    country: country.options(),
    color: color.options(),
    lengths: [...lengths].sort((a, b) => a - b),
    favorites: 0,
  };
}

function countryOf(grower: Grower): FacetOption['country'] {
  return { iso: grower.country_iso, name: grower.country_name };
}

/** Counts choices; lists them most common first, so the four shown before 'Show more' matter. */
class FacetCounter {
  private readonly byKey = new Map<string, FacetOption>();

  /** Counts `key` once more; an option of a farm or country is flagged with `grower`'s country. */
  add(key: string, name: string, grower?: Grower): void {
    const option = this.byKey.get(key);
    if (option) option.count += 1;
    else this.byKey.set(key, { key, name, count: 1, country: grower && countryOf(grower) });
  }

  options(): FacetOption[] {
    return [...this.byKey.values()].sort(
      (a, b) => b.count - a.count || a.name.localeCompare(b.name),
    );
  }
}
