import { marketToday, nextWeekdays, toEtaDate } from '@stemline/shared';
import type { Db } from '../db/database';
import { generateCatalog } from './catalog-generator';

export const catalogScales = {
  /** Enough for a lively demo and fast tests. */
  demo: { varieties: 400, growers: 40 },
  /** The size the spec names. */
  full: { varieties: 11_000, growers: 120 },
} as const;

/**
 * Writes the generated catalog once: deliveries from the next weekday for 8 weeks. Returns the
 * number of price rows written, or 0 when the catalog was already there.
 */
export function seedCatalog(
  db: Db,
  options: { scale: keyof typeof catalogScales; nowMs: number; seed?: number },
): number {
  const hasCatalog = db.prepare('SELECT 1 FROM offers LIMIT 1').get();
  if (hasCatalog) return 0;
  const [firstDay] = nextWeekdays(marketToday(options.nowMs), 1);
  if (!firstDay) throw new Error('no weekday found');
  const catalog = generateCatalog({
    ...catalogScales[options.scale],
    seed: options.seed ?? 20_261_121,
    firstEtaDate: toEtaDate(firstDay),
    weeks: 8,
  });

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

  db.transaction(() => {
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
  })();
  return catalog.offers.length;
}
