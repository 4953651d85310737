import type {
  Category,
  Color,
  Disclaimer,
  Grower,
  Holiday,
  ProductGroup,
  SearchTextReplacement,
  Variety,
} from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

/** A grower as the `grower` model serves it: spec §3 Grower with its aliases and its note. */
export type GrowerEntity = Grower & {
  value: string;
  country_code: string;
  note: string | null;
};

/** What an image is drawn from. */
export interface VarietyImageFacts {
  name: string;
  product_group_key: string;
  color_code: string;
  color_key: string;
}

interface DisclaimerRow {
  key: string;
  title: string;
  description: string;
  product_group_key: string | null;
  variety_key: string | null;
  category_key: string | null;
  grower_key: string | null;
}

interface HolidayRow {
  key: string;
  name: string;
  date: number;
  no_delivery: number;
  peak: number;
}

interface GrowerRow extends Omit<Grower, 'importer'> {
  importer: number;
  note: string | null;
}

interface VarietyListRow extends Omit<Variety, 'tags'> {
  tags: string;
  note: string | null;
}

/** Price rows with stock of one arrival window (`eta_from`..`eta_to`) from one country. */
export interface ArrivalWindow {
  eta_from: number;
  eta_to: number;
  country_iso: Grower['country_iso'];
  rows: number;
}

/** Reads the catalogue's reference data: entities, disclaimers, notes, synonyms, variety list. */
export function createCatalogEntitiesRepository(engine: SqlExecutor) {
  const sql = {
    categories: 'SELECT key, name FROM categories ORDER BY name',
    colors: 'SELECT key, name, color_code FROM colors ORDER BY name',
    productGroups: `SELECT pg.key, pg.name, pg.category_key, c.name AS category_name
      FROM product_groups pg JOIN categories c ON c.key = pg.category_key ORDER BY pg.name`,
    growers:
      'SELECT key, grower_name, country_iso, country_name, importer, note FROM growers ORDER BY grower_name',
    holidays: 'SELECT key, name, date, no_delivery, peak FROM holidays ORDER BY date, key',
    holidaysBetween:
      'SELECT key, name, date, no_delivery, peak FROM holidays WHERE date BETWEEN ? AND ? ORDER BY date, key',
    disclaimers: `SELECT key, title, description, product_group_key, variety_key, category_key, grower_key
      FROM disclaimers ORDER BY key`,
    productNotes:
      'SELECT key, note FROM varieties WHERE note IS NOT NULL AND active = 1 ORDER BY key',
    growerNotes: 'SELECT key, note FROM growers WHERE note IS NOT NULL ORDER BY key',
    synonyms: 'SELECT text, replacement FROM search_text_replacements ORDER BY text',
    varietyList: `SELECT v.key, v.name, v.product_group_key, pg.name AS product_group_name, pg.category_key,
        c.name AS category_name, v.color_key, col.name AS color_name, col.color_code, v.tags,
        v.search_name, v.rank, v.note
      FROM varieties v
      JOIN product_groups pg ON pg.key = v.product_group_key
      JOIN categories c ON c.key = pg.category_key
      JOIN colors col ON col.key = v.color_key
      WHERE v.active = 1 ORDER BY v.rank, v.name, v.key`,
    arrivalWindows: `SELECT o.eta_from, o.eta_to, g.country_iso, COUNT(*) AS row_count
      FROM offers o JOIN growers g ON g.key = o.grower_key
      WHERE o.eta_to >= ? AND o.eta_from <= ? AND o.available > 0
      GROUP BY o.eta_from, o.eta_to, g.country_iso`,
    imageFacts: `SELECT v.name, v.product_group_key, col.color_code, v.color_key
      FROM varieties v JOIN colors col ON col.key = v.color_key WHERE v.key = ?`,
  };
  const notes = async (statement: string): Promise<Record<string, string>> =>
    Object.fromEntries(
      (await engine.all<{ key: string; note: string }>(statement)).map((row) => [
        row.key,
        row.note,
      ]),
    );

  return {
    categories: (): Promise<Category[]> => engine.all<Category>(sql.categories),
    colors: (): Promise<Color[]> => engine.all<Color>(sql.colors),
    productGroups: (): Promise<ProductGroup[]> => engine.all<ProductGroup>(sql.productGroups),
    async growers(): Promise<GrowerEntity[]> {
      return (await engine.all<GrowerRow>(sql.growers)).map((row) => ({
        ...row,
        importer: row.importer === 1,
        value: row.grower_name,
        country_code: row.country_iso,
      }));
    },
    /**
     * Price rows with stock that arrive within two yyyyMMdd dates, counted per arrival window
     * and country of the grower.
     */
    async arrivalWindows(from: number, to: number): Promise<ArrivalWindow[]> {
      const rows = await engine.all<Omit<ArrivalWindow, 'rows'> & { row_count: number }>(
        sql.arrivalWindows,
        [from, to],
      );
      return rows.map(({ row_count, ...window }) => ({ ...window, rows: row_count }));
    },
    /** Every holiday, or those between two yyyyMMdd dates (inclusive). */
    async holidays(range?: { from: number; to: number }): Promise<Holiday[]> {
      const rows = range
        ? await engine.all<HolidayRow>(sql.holidaysBetween, [range.from, range.to])
        : await engine.all<HolidayRow>(sql.holidays);
      return rows.map((row) => ({
        key: row.key,
        name: row.name,
        date: row.date,
        no_delivery: row.no_delivery === 1,
        peak: row.peak === 1,
      }));
    },
    async disclaimers(): Promise<Disclaimer[]> {
      return (await engine.all<DisclaimerRow>(sql.disclaimers)).map((row) => ({
        key: row.key,
        title: row.title,
        description: row.description,
        product_group: row.product_group_key,
        variety: row.variety_key,
        category: row.category_key,
        grower: row.grower_key,
      }));
    },
    productNotes: (): Promise<Record<string, string>> => notes(sql.productNotes),
    growerNotes: (): Promise<Record<string, string>> => notes(sql.growerNotes),
    synonyms: (): Promise<SearchTextReplacement[]> =>
      engine.all<SearchTextReplacement>(sql.synonyms),
    /** Active varieties, most popular first, with their notes. */
    async varieties(): Promise<(Variety & { note: string | null })[]> {
      return (await engine.all<VarietyListRow>(sql.varietyList)).map((row) => ({
        ...row,
        tags: JSON.parse(row.tags) as string[],
      }));
    },
    imageFacts: (key: string): Promise<VarietyImageFacts | undefined> =>
      engine.one<VarietyImageFacts>(sql.imageFacts, [key]),
  };
}
export type CatalogEntitiesRepository = ReturnType<typeof createCatalogEntitiesRepository>;
