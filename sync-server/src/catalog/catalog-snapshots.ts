import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  applyCatalogDelta,
  CATALOG_HEAD_ENTRIES,
  catalogHead,
  encodeCatalogSnapshot,
  toKeySteps,
  withPricesHidden,
  type CatalogDeltaAnswer,
  type CatalogSnapshot,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import type { PriceChange, StockChange } from './catalog-repository';

/** Up to this many changed rows a delta is always worth it; above, compare with the date's size. */
const SMALL_DELTA_ROWS = 200;
/** Above this share of a date's rows, the snapshot is the cheaper download: ask for a reset. */
const RESET_SHARE = 0.3;
/** Dates whose snapshot is kept in memory (each a few MB at full scale). */
const CACHED_DATES = 5;

export type ContentEncoding = 'br' | 'gzip' | 'identity';
type Audience = 'prices' | 'public';

/** A compact snapshot, compressed on first demand per encoding. */
interface Encoded {
  bytes: Buffer;
  compressed: Partial<Record<ContentEncoding, Buffer>>;
}

/**
 * One date's catalogue as last read (with prices), the catalogue version it was checked against,
 * and its compact encodings per audience.
 */
interface DateEntry {
  snapshot: CatalogSnapshot;
  checkedAt: number;
  encoded: Partial<Record<Audience, Encoded>>;
  /** The head of the copy without prices (shared `catalogHead`), once asked for. */
  head?: { encoded: Encoded; entryCount: number };
}

/** The compact snapshot's bytes in `encoding`, compressed on first demand and kept. */
function inEncoding(encoded: Encoded, encoding: ContentEncoding): Buffer {
  let body = encoded.compressed[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(encoded.bytes, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_SIZE_HINT]: encoded.bytes.length,
            },
          })
        : gzipSync(encoded.bytes, { level: 6 });
    encoded.compressed[encoding] = body;
  }
  return body;
}

function encodedOf(snapshot: CatalogSnapshot): Encoded {
  const bytes = Buffer.from(encodeCatalogSnapshot(snapshot));
  return { bytes, compressed: { identity: bytes } };
}

function noChanges(): Pick<CatalogDeltaAnswer, 'stock' | 'prices'> {
  return {
    stock: { keySteps: [], available: [] },
    prices: {
      keySteps: [],
      grower_price_mills: [],
      import_duties_tax: [],
      freight_cost_mills: [],
      box_charge_mills: [],
      margin_discount: [],
    },
  };
}

function changesAsDelta(
  stock: readonly StockChange[],
  prices: readonly PriceChange[],
): Pick<CatalogDeltaAnswer, 'stock' | 'prices'> {
  return {
    stock: {
      keySteps: toKeySteps(stock.map((row) => row.inventory_key)),
      available: stock.map((row) => row.available),
    },
    prices: {
      keySteps: toKeySteps(prices.map((row) => row.inventory_key)),
      grower_price_mills: prices.map((row) => row.grower_price_mills),
      import_duties_tax: prices.map((row) => row.import_duties_tax),
      freight_cost_mills: prices.map((row) => row.freight_cost_mills),
      box_charge_mills: prices.map((row) => row.box_charge_mills),
      margin_discount: prices.map((row) => row.margin_discount),
    },
  };
}

/**
 * The catalogue of a date: as a plain object (the JSON route), in the compact encoding
 * (compressed once per version), and as a delta since a version. A date is read from SQLite
 * once; afterwards the kept copy is brought up to date with the same delta the devices get
 * (`applyCatalogDelta`), which costs a few index lookups instead of a full read. Every read
 * runs in one transaction, so rows and version always agree.
 */
export function createCatalogSnapshots(app: AppContext) {
  const { catalog, catalogEntities: entities } = app.repos;
  const cache = new Map<number, DateEntry>();

  const readDate = async (date: number): Promise<CatalogSnapshot> => {
    const offers = await catalog.offersForDate(date);
    const growerKeys = new Set(offers.map((offer) => offer.grower_key));
    const varieties = await catalog.activeVarietiesAmong(new Set(offers.map((o) => o.variety_key)));
    const varietyKeys = new Set(varieties.map((variety) => variety.key));
    const productNotes = Object.fromEntries(
      Object.entries(await entities.productNotes()).filter(([key]) => varietyKeys.has(key)),
    );
    const growerNotes = Object.fromEntries(
      Object.entries(await entities.growerNotes()).filter(([key]) => growerKeys.has(key)),
    );
    return {
      date,
      version: await catalog.catalogVersion(),
      generated_at: app.now(),
      growers: (await catalog.growers()).filter((grower) => growerKeys.has(grower.key)),
      varieties,
      offers,
      catalogId: await catalog.catalogId(),
      pricesHidden: false,
      disclaimers: await entities.disclaimers(),
      productNotes,
      growerNotes,
    };
  };

  /** The date's entry, current as of now: kept, patched, or read afresh. */
  const current = app.transactional(async (date: number): Promise<DateEntry> => {
    const version = await catalog.catalogVersion();
    const kept = cache.get(date);
    cache.delete(date);
    let entry: DateEntry | undefined = kept;
    if (kept && kept.checkedAt !== version) {
      const { stock, prices } = await catalog.changesSince(date, kept.snapshot.version);
      if (stock.length === 0 && prices.length === 0) {
        kept.checkedAt = version;
      } else {
        const patched = applyCatalogDelta(kept.snapshot, {
          success: true,
          date,
          catalogId: kept.snapshot.catalogId,
          since: kept.snapshot.version,
          version,
          reset: false,
          ...changesAsDelta(stock, prices),
        });
        entry = patched.ok
          ? { snapshot: patched.snapshot, checkedAt: version, encoded: {} }
          : undefined;
      }
    }
    entry ??= { snapshot: await readDate(date), checkedAt: version, encoded: {} };
    cache.set(date, entry);
    while (cache.size > CACHED_DATES) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return entry;
  });

  return {
    /** The plain snapshot; prices zeroed (and `pricesHidden`) unless `pricesVisible`. */
    async read(date: number, pricesVisible: boolean): Promise<CatalogSnapshot> {
      const { snapshot } = await current(date);
      const fresh = { ...snapshot, generated_at: app.now() };
      return pricesVisible ? fresh : withPricesHidden(fresh);
    },

    /** The compact snapshot in the given content encoding, with what names its version. */
    async compact(
      date: number,
      pricesVisible: boolean,
      encoding: ContentEncoding,
    ): Promise<{ body: Buffer; version: number; catalogId: string }> {
      const entry = await current(date);
      const audience: Audience = pricesVisible ? 'prices' : 'public';
      const encoded = (entry.encoded[audience] ??= encodedOf({
        ...entry.snapshot,
        pricesHidden: !pricesVisible,
      }));
      const body = inEncoding(encoded, encoding);
      return { body, version: entry.snapshot.version, catalogId: entry.snapshot.catalogId };
    },

    /**
     * The head of the date's copy without prices (shared `catalogHead`: a visitor's first screen
     * of the default view) in the compact encoding, and how many varieties that view lists.
     */
    async head(
      date: number,
      encoding: ContentEncoding,
    ): Promise<{ body: Buffer; version: number; entryCount: number }> {
      const entry = await current(date);
      if (!entry.head) {
        const head = catalogHead(entry.snapshot, CATALOG_HEAD_ENTRIES);
        const encoded = encodedOf({ ...head.snapshot, pricesHidden: true });
        entry.head = { encoded, entryCount: head.entryCount };
      }
      return {
        body: inEncoding(entry.head.encoded, encoding),
        version: entry.snapshot.version,
        entryCount: entry.head.entryCount,
      };
    },

    /**
     * What changed in a date's rows after `since`: stock always, prices only for customers.
     * Answers `reset` when the copy is from another database (`catalogId` differs), claims a
     * version this database never reached, or when so much changed that the full snapshot is
     * the cheaper download.
     */
    delta: app.transactional(
      async (
        date: number,
        since: number,
        catalogId: string | undefined,
        pricesVisible: boolean,
      ): Promise<CatalogDeltaAnswer> => {
        const version = await catalog.catalogVersion();
        const currentId = await catalog.catalogId();
        const answer: CatalogDeltaAnswer = {
          success: true,
          date,
          catalogId: currentId,
          since,
          version,
          reset: false,
          ...noChanges(),
        };
        if ((catalogId !== undefined && catalogId !== currentId) || since > version) {
          return { ...answer, reset: true };
        }
        const changes = await catalog.changesSince(date, since);
        const prices = pricesVisible ? changes.prices : [];
        const rows = changes.stock.length + prices.length;
        if (rows > SMALL_DELTA_ROWS && rows > (await catalog.rowsForDate(date)) * RESET_SHARE) {
          return { ...answer, reset: true };
        }
        return { ...answer, ...changesAsDelta(changes.stock, prices) };
      },
    ),
  };
}
export type CatalogSnapshots = ReturnType<typeof createCatalogSnapshots>;
