import { stemPrice, type Grower, type Offer, type Unit, type Variety } from '@stemline/shared';
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
  const offersForDate = db.prepare<[number, number], OfferRow>(
    `SELECT ${OFFER_COLUMNS} FROM offers WHERE eta_to >= ? AND eta_from <= ? ORDER BY inventory_key`,
  );
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

  return {
    offersForDate(etaDate: number): Offer[] {
      return offersForDate.all(etaDate, etaDate).map(toOffer);
    },
    varietiesForDate(etaDate: number): Variety[] {
      return varietiesForDate.all(etaDate, etaDate).map(toVariety);
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
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

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
