import {
  stemPriceCents,
  type Grower,
  type Offer,
  type PriceComponents,
  type Unit,
  type Variety,
} from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

interface OfferRow {
  inventory_key: number;
  variety_key: string;
  grower_key: string;
  eta_from: number;
  eta_to: number;
  length: number;
  stems_per_bunch: number;
  bunches_in_box: number;
  uom: Unit;
  packing_date: number;
  open_market: number;
  available: number;
  grower_price_mills: number;
  import_duties_tax: number;
  freight_cost_mills: number;
  box_charge_mills: number;
  margin_discount: number;
}

interface VarietyRow extends Omit<Variety, 'tags'> {
  tags: string;
}

interface GrowerRow extends Omit<Grower, 'importer'> {
  importer: number;
}

const OFFER_COLUMNS = `inventory_key, variety_key, grower_key, eta_from, eta_to, length, stems_per_bunch,
  bunches_in_box, uom, packing_date, open_market, available, grower_price_mills, import_duties_tax,
  freight_cost_mills, box_charge_mills, margin_discount`;

const VARIETY_SELECT = `
  SELECT v.key, v.name, v.product_group_key, pg.name AS product_group_name, pg.category_key,
         c.name AS category_name, v.color_key, col.name AS color_name, col.color_code, v.tags,
         v.search_name, v.rank
  FROM varieties v
  JOIN product_groups pg ON pg.key = v.product_group_key
  JOIN categories c ON c.key = pg.category_key
  JOIN colors col ON col.key = v.color_key`;

/** Reads the catalog: price rows with their computed stem price, varieties and growers. */
export function createCatalogRepository(engine: SqlExecutor) {
  const sql = {
    offersForDate: `SELECT ${OFFER_COLUMNS} FROM offers WHERE eta_to >= ? AND eta_from <= ? ORDER BY inventory_key`,
    offerByKey: `SELECT ${OFFER_COLUMNS} FROM offers WHERE inventory_key = ?`,
    offersMatching: `SELECT ${OFFER_COLUMNS} FROM offers
      WHERE variety_key = ? AND grower_key = ? AND length = ? AND eta_to >= ? AND eta_from <= ?
      ORDER BY available DESC LIMIT 1`,
    varietiesForDate: `${VARIETY_SELECT} WHERE v.active = 1 AND v.key IN (SELECT variety_key FROM offers WHERE eta_to >= ? AND eta_from <= ?)
      ORDER BY v.rank, v.name`,
    activeVarieties: `${VARIETY_SELECT} WHERE v.active = 1 ORDER BY v.rank, v.name`,
    varietyByKey: `${VARIETY_SELECT} WHERE v.key = ?`,
    allGrowers:
      'SELECT key, grower_name, country_iso, country_name, importer FROM growers ORDER BY grower_name',
    growerByKey:
      'SELECT key, grower_name, country_iso, country_name, importer FROM growers WHERE key = ?',
    takeStock:
      'UPDATE offers SET available = available - ?, version = ? WHERE inventory_key = ? AND available >= ?',
    returnStock: 'UPDATE offers SET available = available + ?, version = ? WHERE inventory_key = ?',
    setPrice: `UPDATE offers SET grower_price_mills = ?, import_duties_tax = ?, freight_cost_mills = ?,
      box_charge_mills = ?, margin_discount = ?, version = ?, price_version = ? WHERE inventory_key = ?`,
    catalogVersion: 'SELECT MAX(version) AS version FROM offers',
    rowsForDate: 'SELECT COUNT(*) AS row_count FROM offers WHERE eta_to >= ? AND eta_from <= ?',
    // No ORDER BY: sorting by key would make SQLite scan the table instead of the version index.
    stockSince: `SELECT inventory_key, available FROM offers
      WHERE version > ? AND eta_to >= ? AND eta_from <= ?`,
    pricesSince: `SELECT inventory_key, grower_price_mills, import_duties_tax, freight_cost_mills, box_charge_mills,
      margin_discount FROM offers WHERE price_version > ? AND eta_to >= ? AND eta_from <= ?`,
    catalogId: "SELECT value FROM meta WHERE key = 'catalog_id'",
  };

  return {
    async offersForDate(etaDate: number): Promise<Offer[]> {
      return (await engine.all<OfferRow>(sql.offersForDate, [etaDate, etaDate])).map(toOffer);
    },
    async varietiesForDate(etaDate: number): Promise<Variety[]> {
      return (await engine.all<VarietyRow>(sql.varietiesForDate, [etaDate, etaDate])).map(
        toVariety,
      );
    },
    /**
     * The active varieties among `keys`, in the order `varietiesForDate` gives (most popular
     * first): the same list without a second pass over the date's offers.
     */
    async activeVarietiesAmong(keys: ReadonlySet<string>): Promise<Variety[]> {
      return (await engine.all<VarietyRow>(sql.activeVarieties))
        .filter((row) => keys.has(row.key))
        .map(toVariety);
    },
    async growers(): Promise<Grower[]> {
      return (await engine.all<GrowerRow>(sql.allGrowers)).map(toGrower);
    },
    async offer(inventoryKey: number): Promise<Offer | undefined> {
      const row = await engine.one<OfferRow>(sql.offerByKey, [inventoryKey]);
      return row && toOffer(row);
    },
    /**
     * The price rows of `keys` that exist, by key: for a shared rule that looks rows up one by
     * one (a custom box's items), read before it runs.
     */
    async offersByKey(keys: Iterable<number>): Promise<Map<number, Offer>> {
      const found = new Map<number, Offer>();
      for (const key of new Set(keys)) {
        const row = await engine.one<OfferRow>(sql.offerByKey, [key]);
        if (row) found.set(key, toOffer(row));
      }
      return found;
    },
    /** The price row of a variety, grower and length deliverable on `etaDate`, with the most stock. */
    async findOffer(
      varietyKey: string,
      growerKey: string,
      length: number,
      etaDate: number,
    ): Promise<Offer | undefined> {
      const row = await engine.one<OfferRow>(sql.offersMatching, [
        varietyKey,
        growerKey,
        length,
        etaDate,
        etaDate,
      ]);
      return row && toOffer(row);
    },
    async variety(key: string): Promise<Variety | undefined> {
      const row = await engine.one<VarietyRow>(sql.varietyByKey, [key]);
      return row && toVariety(row);
    },
    async grower(key: string): Promise<Grower | undefined> {
      const row = await engine.one<GrowerRow>(sql.growerByKey, [key]);
      return row && toGrower(row);
    },
    /**
     * Takes units out of stock only if that many remain; false when they do not. One
     * conditional UPDATE, so two transactions (or nodes) racing for the last boxes never
     * oversell: the second finds too little and changes nothing.
     */
    async takeStock(inventoryKey: number, units: number, seq: number): Promise<boolean> {
      const { changes } = await engine.run(sql.takeStock, [units, seq, inventoryKey, units]);
      return changes === 1;
    },
    async returnStock(inventoryKey: number, units: number, seq: number): Promise<void> {
      await engine.run(sql.returnStock, [units, seq, inventoryKey]);
    },
    /**
     * Sets a row's price components; `seq` from the change feed in the same transaction (it
     * marks the row changed for catalogue deltas). False when there is no such row.
     */
    async setPrice(inventoryKey: number, price: PriceComponents, seq: number): Promise<boolean> {
      const { changes } = await engine.run(sql.setPrice, [
        price.grower_price_mills,
        price.import_duties_tax,
        price.freight_cost_mills,
        price.box_charge_mills,
        price.margin_discount,
        seq,
        seq,
        inventoryKey,
      ]);
      return changes === 1;
    },
    /**
     * The catalogue's version: the highest change sequence of any price row (0 before the first
     * change). Read in the same transaction as the rows, it names exactly what they contain:
     * every later stock or price change has a higher sequence, so `changesSince(version)` is
     * what a copy of any date misses.
     */
    async catalogVersion(): Promise<number> {
      return (await engine.one<{ version: number | null }>(sql.catalogVersion))?.version ?? 0;
    },
    /** How many price rows can be delivered on a date. */
    async rowsForDate(etaDate: number): Promise<number> {
      const row = await engine.one<{ row_count: number }>(sql.rowsForDate, [etaDate, etaDate]);
      return row?.row_count ?? 0;
    },
    /** A date's rows whose stock (or price) changed after `since`, in inventory-key order. */
    async changesSince(
      etaDate: number,
      since: number,
    ): Promise<{ stock: StockChange[]; prices: PriceChange[] }> {
      const byKey = (a: { inventory_key: number }, b: { inventory_key: number }) =>
        a.inventory_key - b.inventory_key;
      const params = [since, etaDate, etaDate];
      return {
        stock: (await engine.all<StockChange>(sql.stockSince, params)).sort(byKey),
        prices: (await engine.all<PriceChange>(sql.pricesSince, params)).sort(byKey),
      };
    },
    /** The id of this database's catalogue (set once by the seed). */
    async catalogId(): Promise<string> {
      const row = await engine.one<{ value: string }>(sql.catalogId);
      if (!row) throw new Error('The catalogue has no id: was it seeded?');
      return row.value;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

export interface StockChange {
  inventory_key: number;
  available: number;
}

export interface PriceChange extends PriceComponents {
  inventory_key: number;
}

function toOffer(row: OfferRow): Offer {
  const offer = { ...row, open_market: row.open_market === 1, stem_price_cents: 0 };
  offer.stem_price_cents = stemPriceCents(offer, offer);
  return offer;
}

function toVariety(row: VarietyRow): Variety {
  return { ...row, tags: JSON.parse(row.tags) as string[] };
}

function toGrower(row: GrowerRow): Grower {
  return { ...row, importer: row.importer === 1 };
}
