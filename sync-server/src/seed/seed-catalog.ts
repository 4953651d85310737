import { randomUUID } from 'node:crypto';
import { marketToday, nextWeekdays, toEtaDate, type Grower, type Variety } from '@stemline/shared';
import type { SqlEngine, SqlExecutor } from '../db/sql-engine';
import { buildCatalogExtras } from './catalog-extras';
import { generateCatalog, type CatalogSeed } from './catalog-generator';
import { holidayYears, holidaysOf } from './holidays';
import { insertRows } from './insert-rows';

export const catalogScales = {
  /** Enough for a lively demo and fast tests. */
  demo: { varieties: 400, growers: 40 },
  /** The size the spec names; the default of `npm start`. */
  full: { varieties: 11_000, growers: 120 },
} as const;

export const CATALOG_SEED = 20_261_121;

/**
 * Writes the generated catalogue once, in one transaction: deliveries from the next weekday for
 * 8 weeks, holidays of this year and the next, disclaimers, notes and search synonyms, and the
 * catalogue id (which tells devices that this database is not the one their copy came from). A
 * database seeded before the extras existed gets them on its next start. Resolves to the number
 * of price rows written, or 0 when the catalogue was already there. Several nodes starting at
 * once on one PostgreSQL database: the first seeds, the others wait for its commit (a lock on the
 * `meta` table) and find the catalogue there.
 */
export async function seedCatalog(
  engine: SqlEngine,
  options: { scale: keyof typeof catalogScales; nowMs: number; seed?: number },
): Promise<number> {
  const seed = options.seed ?? CATALOG_SEED;
  const written = await engine.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.run('LOCK TABLE meta IN EXCLUSIVE MODE');
    let rows = 0;
    if (!(await tx.one('SELECT 1 AS found FROM offers LIMIT 1'))) {
      const [firstDay] = nextWeekdays(marketToday(options.nowMs), 1);
      if (!firstDay) throw new Error('no weekday found');
      const catalog = generateCatalog({
        ...catalogScales[options.scale],
        seed,
        firstEtaDate: toEtaDate(firstDay),
        weeks: 8,
      });
      await insertCatalog(tx, catalog);
      rows = catalog.offers.length;
    }
    if (!(await tx.one('SELECT 1 AS found FROM holidays LIMIT 1'))) {
      await insertExtras(tx, seed, options.nowMs);
    }
    await tx.run(
      "INSERT INTO meta (key, value) VALUES ('catalog_id', ?) ON CONFLICT (key) DO NOTHING",
      [randomUUID()],
    );
    return rows;
  });
  // The seed went through the write-ahead log; fold it into the database file at once rather
  // than keeping a second copy of the catalogue on disk until the next checkpoint.
  if (written > 0 && engine.kind === 'sqlite') await engine.one('PRAGMA wal_checkpoint(TRUNCATE)');
  return written;
}

async function insertCatalog(tx: SqlExecutor, catalog: CatalogSeed): Promise<void> {
  await insertRows(
    tx,
    'categories',
    ['key', 'name'],
    catalog.categories.map((c) => [c.key, c.name]),
  );
  await insertRows(
    tx,
    'product_groups',
    ['key', 'name', 'category_key'],
    catalog.productGroups.map((g) => [g.key, g.name, g.category_key]),
  );
  await insertRows(
    tx,
    'colors',
    ['key', 'name', 'color_code'],
    catalog.colors.map((c) => [c.key, c.name, c.color_code]),
  );
  await insertRows(
    tx,
    'growers',
    ['key', 'grower_name', 'country_iso', 'country_name', 'importer'],
    catalog.growers.map((g) => [
      g.key,
      g.grower_name,
      g.country_iso,
      g.country_name,
      g.importer ? 1 : 0,
    ]),
  );
  await insertRows(
    tx,
    'varieties',
    ['key', 'name', 'product_group_key', 'color_key', 'tags', 'search_name', 'rank'],
    catalog.varieties.map((v) => [
      v.key,
      v.name,
      v.product_group_key,
      v.color_key,
      JSON.stringify(v.tags),
      v.search_name,
      v.rank,
    ]),
  );
  await insertRows(
    tx,
    'offers',
    [
      'inventory_key',
      'variety_key',
      'grower_key',
      'eta_from',
      'eta_to',
      'length',
      'stems_per_bunch',
      'bunches_in_box',
      'uom',
      'packing_date',
      'open_market',
      'available',
      'grower_price_mills',
      'import_duties_tax',
      'freight_cost_mills',
      'box_charge_mills',
      'margin_discount',
      'version',
    ],
    catalog.offers.map((o) => [
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
      o.grower_price_mills,
      o.import_duties_tax,
      o.freight_cost_mills,
      o.box_charge_mills,
      o.margin_discount,
      0,
    ]),
  );
}

/** Holidays, disclaimers, notes and synonyms, derived from the varieties and growers stored. */
async function insertExtras(tx: SqlExecutor, seed: number, nowMs: number): Promise<void> {
  const varieties = (
    await tx.all<
      Pick<Variety, 'key' | 'name' | 'product_group_key' | 'category_key'> & { tags: string }
    >(
      `SELECT v.key, v.name, v.product_group_key, pg.category_key, v.tags
       FROM varieties v JOIN product_groups pg ON pg.key = v.product_group_key ORDER BY v.key`,
    )
  ).map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[] }));
  const growers = (
    await tx.all<Pick<Grower, 'key' | 'country_iso'> & { importer: number }>(
      'SELECT key, country_iso, importer FROM growers ORDER BY key',
    )
  ).map((row) => ({ ...row, importer: row.importer === 1 }));
  const extras = buildCatalogExtras(seed, varieties, growers);

  await insertRows(
    tx,
    'holidays',
    ['key', 'name', 'date', 'no_delivery', 'peak'],
    holidaysOf(holidayYears(nowMs)).map((h) => [
      h.key,
      h.name,
      h.date,
      h.no_delivery ? 1 : 0,
      h.peak ? 1 : 0,
    ]),
  );
  await insertRows(
    tx,
    'disclaimers',
    [
      'key',
      'title',
      'description',
      'product_group_key',
      'variety_key',
      'category_key',
      'grower_key',
    ],
    extras.disclaimers.map((d) => [
      d.key,
      d.title,
      d.description,
      d.product_group,
      d.variety,
      d.category,
      d.grower,
    ]),
  );
  for (const [key, note] of extras.productNotes) {
    await tx.run('UPDATE varieties SET note = ? WHERE key = ?', [note, key]);
  }
  for (const [key, note] of extras.growerNotes) {
    await tx.run('UPDATE growers SET note = ? WHERE key = ?', [note, key]);
  }
  for (const s of extras.synonyms) {
    await tx.run(
      `INSERT INTO search_text_replacements (text, replacement) VALUES (?, ?)
       ON CONFLICT (text) DO UPDATE SET replacement = excluded.replacement`,
      [s.text, s.replacement],
    );
  }
}
