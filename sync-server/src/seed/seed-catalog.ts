import { randomUUID } from 'node:crypto';
import { marketToday, nextWeekdays, toEtaDate, type Grower, type Variety } from '@stemline/shared';
import type { Db } from '../db/database';
import { buildCatalogExtras } from './catalog-extras';
import { generateCatalog, type CatalogSeed } from './catalog-generator';
import { holidayYears, holidaysOf } from './holidays';

export const catalogScales = {
  /** Enough for a lively demo and fast tests. */
  demo: { varieties: 400, growers: 40 },
  /** The size the spec names; the default of `npm start`. */
  full: { varieties: 11_000, growers: 120 },
} as const;

export const CATALOG_SEED = 20_261_121;

/**
 * Writes the generated catalogue once: deliveries from the next weekday for 8 weeks, holidays of
 * this year and the next, disclaimers, notes and search synonyms, and the catalogue id (which
 * tells devices that this database is not the one their copy came from). A database seeded
 * before the extras existed gets them on its next start. Returns the number of price rows
 * written, or 0 when the catalogue was already there.
 */
export function seedCatalog(
  db: Db,
  options: { scale: keyof typeof catalogScales; nowMs: number; seed?: number },
): number {
  const seed = options.seed ?? CATALOG_SEED;
  const written = db.transaction(() => {
    let rows = 0;
    if (!db.prepare('SELECT 1 FROM offers LIMIT 1').get()) {
      const [firstDay] = nextWeekdays(marketToday(options.nowMs), 1);
      if (!firstDay) throw new Error('no weekday found');
      const catalog = generateCatalog({
        ...catalogScales[options.scale],
        seed,
        firstEtaDate: toEtaDate(firstDay),
        weeks: 8,
      });
      insertCatalog(db, catalog);
      rows = catalog.offers.length;
    }
    if (!db.prepare('SELECT 1 FROM holidays LIMIT 1').get()) {
      insertExtras(db, seed, options.nowMs);
    }
    db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('catalog_id', ?)").run(
      randomUUID(),
    );
    return rows;
  })();
  // The seed went through the write-ahead log; fold it into the database file at once rather
  // than keeping a second copy of the catalogue on disk until the next checkpoint.
  if (written > 0) db.pragma('wal_checkpoint(TRUNCATE)');
  return written;
}

function insertCatalog(db: Db, catalog: CatalogSeed): void {
  const insertCategory = db.prepare('INSERT INTO categories (key, name) VALUES (@key, @name)');
  const insertGroup = db.prepare(
    'INSERT INTO product_groups (key, name, category_key) VALUES (@key, @name, @category_key)',
  );
  const insertColor = db.prepare(
    'INSERT INTO colors (key, name, color_code) VALUES (@key, @name, @color_code)',
  );
  const insertGrower = db.prepare(
    'INSERT INTO growers (key, grower_name, country_iso, country_name, importer) VALUES (?, ?, ?, ?, ?)',
  );
  const insertVariety = db.prepare(
    'INSERT INTO varieties (key, name, product_group_key, color_key, tags, search_name, rank) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertOffer = db.prepare(
    `INSERT INTO offers (inventory_key, variety_key, grower_key, eta_from, eta_to, length, stems_per_bunch, bunches_in_box,
       uom, packing_date, open_market, available, grower_price, import_duties_tax, freight_cost, box_charge, margin_discount, version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
  );

  catalog.categories.forEach((category) => insertCategory.run(category));
  catalog.productGroups.forEach((group) => insertGroup.run(group));
  catalog.colors.forEach((color) => insertColor.run(color));
  for (const g of catalog.growers)
    insertGrower.run(g.key, g.grower_name, g.country_iso, g.country_name, g.importer ? 1 : 0);
  for (const v of catalog.varieties) {
    insertVariety.run(
      v.key,
      v.name,
      v.product_group_key,
      v.color_key,
      JSON.stringify(v.tags),
      v.search_name,
      v.rank,
    );
  }
  for (const o of catalog.offers) {
    insertOffer.run(
      o.inventory_key,
      o.variety_key,
      o.grower_key,
      o.eta_from,
      o.eta_to,
      o.length,
      o.stems_per_bunch,
      o.bunches_in_box,
      o.uom,
      o.packing_date,
      o.open_market ? 1 : 0,
      o.available,
      o.grower_price,
      o.import_duties_tax,
      o.freight_cost,
      o.box_charge,
      o.margin_discount,
    );
  }
}

/** Holidays, disclaimers, notes and synonyms, derived from the varieties and growers stored. */
function insertExtras(db: Db, seed: number, nowMs: number): void {
  const varieties = db
    .prepare<
      [],
      Pick<Variety, 'key' | 'name' | 'product_group_key' | 'category_key'> & { tags: string }
    >(
      `SELECT v.key, v.name, v.product_group_key, pg.category_key, v.tags
       FROM varieties v JOIN product_groups pg ON pg.key = v.product_group_key ORDER BY v.key`,
    )
    .all()
    .map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[] }));
  const growers = db
    .prepare<[], Pick<Grower, 'key' | 'country_iso'> & { importer: number }>(
      'SELECT key, country_iso, importer FROM growers ORDER BY key',
    )
    .all()
    .map((row) => ({ ...row, importer: row.importer === 1 }));
  const extras = buildCatalogExtras(seed, varieties, growers);

  const insertHoliday = db.prepare(
    'INSERT INTO holidays (key, name, date, no_delivery, peak) VALUES (?, ?, ?, ?, ?)',
  );
  for (const h of holidaysOf(holidayYears(nowMs))) {
    insertHoliday.run(h.key, h.name, h.date, h.no_delivery ? 1 : 0, h.peak ? 1 : 0);
  }
  const insertDisclaimer = db.prepare(
    `INSERT INTO disclaimers (key, title, description, product_group_key, variety_key, category_key, grower_key)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const d of extras.disclaimers) {
    insertDisclaimer.run(
      d.key,
      d.title,
      d.description,
      d.product_group,
      d.variety,
      d.category,
      d.grower,
    );
  }
  const noteVariety = db.prepare('UPDATE varieties SET note = ? WHERE key = ?');
  for (const [key, note] of extras.productNotes) noteVariety.run(note, key);
  const noteGrower = db.prepare('UPDATE growers SET note = ? WHERE key = ?');
  for (const [key, note] of extras.growerNotes) noteGrower.run(note, key);
  const insertSynonym = db.prepare(
    'INSERT OR REPLACE INTO search_text_replacements (text, replacement) VALUES (?, ?)',
  );
  for (const s of extras.synonyms) insertSynonym.run(s.text, s.replacement);
}
