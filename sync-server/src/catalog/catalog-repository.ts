import {
  stemPrice,
  type Grower,
  type Offer,
  type PriceComponents,
  type Unit,
  type Variety,
} from '@stemline/shared';
import type { Db } from '../db/database';

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
  grower_price: number;
  import_duties_tax: number;
  freight_cost: number;
  box_charge: number;
  margin_discount: number;
}

interface VarietyRow extends Omit<Variety, 'tags'> {
  tags: string;
}

interface GrowerRow extends Omit<Grower, 'importer'> {
  importer: number;
}

const OFFER_COLUMNS = `inventory_key, variety_key, grower_key, eta_from, eta_to, length, stems_per_bunch,
  bunches_in_box, uom, packing_date, open_market, available, grower_price, import_duties_tax,
  freight_cost, box_charge, margin_discount`;

const VARIETY_SELECT = `
  SELECT v.key, v.name, v.product_group_key, pg.name AS product_group_name, pg.category_key,
         c.name AS category_name, v.color_key, col.name AS color_name, col.color_code, v.tags,
         v.search_name, v.rank
  FROM varieties v
  JOIN product_groups pg ON pg.key = v.product_group_key
  JOIN categories c ON c.key = pg.category_key
  JOIN colors col ON col.key = v.color_key`;

/** Reads the catalog: price rows with their computed stem price, varieties and growers. */
export function createCatalogRepository(db: Db) {
  // Rows as arrays: a date has tens of thousands, and arrays come out of SQLite much faster.
  const offersForDate = db
    .prepare<[number, number], OfferTuple>(
      `SELECT ${OFFER_COLUMNS} FROM offers WHERE eta_to >= ? AND eta_from <= ? ORDER BY inventory_key`,
    )
    .raw(true);
  const offerByKey = db.prepare<[number], OfferRow>(
    `SELECT ${OFFER_COLUMNS} FROM offers WHERE inventory_key = ?`,
  );
  const offersMatching = db.prepare<[string, string, number, number, number], OfferRow>(
    `SELECT ${OFFER_COLUMNS} FROM offers
     WHERE variety_key = ? AND grower_key = ? AND length = ? AND eta_to >= ? AND eta_from <= ?
     ORDER BY available DESC LIMIT 1`,
  );
  const varietiesForDate = db.prepare<[number, number], VarietyRow>(
    `${VARIETY_SELECT} WHERE v.active = 1 AND v.key IN (SELECT variety_key FROM offers WHERE eta_to >= ? AND eta_from <= ?)
     ORDER BY v.rank, v.name`,
  );
  const activeVarieties = db.prepare<[], VarietyRow>(
    `${VARIETY_SELECT} WHERE v.active = 1 ORDER BY v.rank, v.name`,
  );
  const varietyByKey = db.prepare<[string], VarietyRow>(`${VARIETY_SELECT} WHERE v.key = ?`);
  const allGrowers = db.prepare<[], GrowerRow>(
    'SELECT key, grower_name, country_iso, country_name, importer FROM growers ORDER BY grower_name',
  );
  const growerByKey = db.prepare<[string], GrowerRow>(
    'SELECT key, grower_name, country_iso, country_name, importer FROM growers WHERE key = ?',
  );
  const takeStock = db.prepare<[number, number, number, number]>(
    'UPDATE offers SET available = available - ?, version = ? WHERE inventory_key = ? AND available >= ?',
  );
  const returnStock = db.prepare<[number, number, number]>(
    'UPDATE offers SET available = available + ?, version = ? WHERE inventory_key = ?',
  );
  const setPrice = db.prepare<[number, number, number, number, number, number, number, number]>(
    `UPDATE offers SET grower_price = ?, import_duties_tax = ?, freight_cost = ?, box_charge = ?,
       margin_discount = ?, version = ?, price_version = ? WHERE inventory_key = ?`,
  );
  const catalogVersion = db.prepare<[], { version: number | null }>(
    'SELECT MAX(version) AS version FROM offers',
  );
  const rowsForDate = db.prepare<[number, number], { rows: number }>(
    'SELECT COUNT(*) AS rows FROM offers WHERE eta_to >= ? AND eta_from <= ?',
  );
  // No ORDER BY: sorting by key would make SQLite scan the table instead of the version index.
  const stockSince = db.prepare<[number, number, number], StockChange>(
    `SELECT inventory_key, available FROM offers
     WHERE version > ? AND eta_to >= ? AND eta_from <= ?`,
  );
  const pricesSince = db.prepare<[number, number, number], PriceChange>(
    `SELECT inventory_key, grower_price, import_duties_tax, freight_cost, box_charge, margin_discount
     FROM offers WHERE price_version > ? AND eta_to >= ? AND eta_from <= ?`,
  );
  const catalogId = db.prepare<[], { value: string }>(
    "SELECT value FROM meta WHERE key = 'catalog_id'",
  );

  return {
    offersForDate(etaDate: number): Offer[] {
      return offersForDate.all(etaDate, etaDate).map(tupleToOffer);
    },
    varietiesForDate(etaDate: number): Variety[] {
      return varietiesForDate.all(etaDate, etaDate).map(toVariety);
    },
    /**
     * The active varieties among `keys`, in the order `varietiesForDate` gives (most popular
     * first): the same list without a second pass over the date's offers.
     */
    activeVarietiesAmong(keys: ReadonlySet<string>): Variety[] {
      return activeVarieties
        .all()
        .filter((row) => keys.has(row.key))
        .map(toVariety);
    },
    growers(): Grower[] {
      return allGrowers.all().map(toGrower);
    },
    offer(inventoryKey: number): Offer | undefined {
      const row = offerByKey.get(inventoryKey);
      return row && toOffer(row);
    },
    /** The price row of a variety, grower and length deliverable on `etaDate`, with the most stock. */
    findOffer(
      varietyKey: string,
      growerKey: string,
      length: number,
      etaDate: number,
    ): Offer | undefined {
      const row = offersMatching.get(varietyKey, growerKey, length, etaDate, etaDate);
      return row && toOffer(row);
    },
    variety(key: string): Variety | undefined {
      const row = varietyByKey.get(key);
      return row && toVariety(row);
    },
    grower(key: string): Grower | undefined {
      const row = growerByKey.get(key);
      return row && toGrower(row);
    },
    /** Takes units out of stock only if that many remain; false when they do not. */
    takeStock(inventoryKey: number, units: number, seq: number): boolean {
      return takeStock.run(units, seq, inventoryKey, units).changes === 1;
    },
    returnStock(inventoryKey: number, units: number, seq: number): void {
      returnStock.run(units, seq, inventoryKey);
    },
    /**
     * Sets a row's price components; `seq` from `changes.nextSeq()` in the same transaction
     * (it marks the row changed for catalogue deltas). False when there is no such row.
     */
    setPrice(inventoryKey: number, price: PriceComponents, seq: number): boolean {
      return (
        setPrice.run(
          price.grower_price,
          price.import_duties_tax,
          price.freight_cost,
          price.box_charge,
          price.margin_discount,
          seq,
          seq,
          inventoryKey,
        ).changes === 1
      );
    },
    /**
     * The catalogue's version: the highest change sequence of any price row (0 before the first
     * change). Read in the same transaction as the rows, it names exactly what they contain:
     * every later stock or price change has a higher sequence, so `changesSince(version)` is
     * what a copy of any date misses.
     */
    catalogVersion(): number {
      return catalogVersion.get()?.version ?? 0;
    },
    /** How many price rows can be delivered on a date. */
    rowsForDate(etaDate: number): number {
      return rowsForDate.get(etaDate, etaDate)?.rows ?? 0;
    },
    /** A date's rows whose stock (or price) changed after `since`, in inventory-key order. */
    changesSince(etaDate: number, since: number): { stock: StockChange[]; prices: PriceChange[] } {
      const byKey = (a: { inventory_key: number }, b: { inventory_key: number }) =>
        a.inventory_key - b.inventory_key;
      return {
        stock: stockSince.all(since, etaDate, etaDate).sort(byKey),
        prices: pricesSince.all(since, etaDate, etaDate).sort(byKey),
      };
    },
    /** The id of this database's catalogue (set once by the seed). */
    catalogId(): string {
      const row = catalogId.get();
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

/** OFFER_COLUMNS in order, as `.raw()` returns them. */
type OfferTuple = [
  number,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  Unit,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

function tupleToOffer(row: OfferTuple): Offer {
  const offer: Offer = {
    inventory_key: row[0],
    variety_key: row[1],
    grower_key: row[2],
    eta_from: row[3],
    eta_to: row[4],
    length: row[5],
    stems_per_bunch: row[6],
    bunches_in_box: row[7],
    uom: row[8],
    packing_date: row[9],
    open_market: row[10] === 1,
    available: row[11],
    grower_price: row[12],
    import_duties_tax: row[13],
    freight_cost: row[14],
    box_charge: row[15],
    margin_discount: row[16],
    stem_price: 0,
  };
  offer.stem_price = stemPrice(offer, offer);
  return offer;
}

function toOffer(row: OfferRow): Offer {
  const offer = { ...row, open_market: row.open_market === 1, stem_price: 0 };
  offer.stem_price = stemPrice(offer, offer);
  return offer;
}

function toVariety(row: VarietyRow): Variety {
  return { ...row, tags: JSON.parse(row.tags) as string[] };
}

function toGrower(row: GrowerRow): Grower {
  return { ...row, importer: row.importer === 1 };
}
