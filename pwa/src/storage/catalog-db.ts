/**
 * Catalogue cache (Dexie, database `stemline-catalog`): per delivery date ONE record holding the
 * compact snapshot (shared `encodeCatalogSnapshot`: columns in one ArrayBuffer, which IndexedDB
 * clones as a single block) with its version, catalogue id and the time the server last
 * confirmed its stock. Reading a date is one `get` and one decode in memory (the catalogue page
 * takes the record as it is and decodes it in slices); after a delta the patched snapshot is
 * encoded again and the record replaced. A full disk (QuotaExceededError) is reported to the
 * caller, never swallowed: the decoded catalogue still shows from memory.
 */
import {
  decodeCatalogSnapshot,
  encodeCatalogSnapshot,
  type CatalogSnapshot,
} from '@stemline/shared';
import { forgetCatalogCached } from './catalog-cache-hint';
import { catalogDb, putCatalogRecord } from './catalog-database';
import { catalogRecordOf, type CatalogRecord } from './catalog-record';
import { dropFirstViews } from './first-view-store';

/** A date's catalogue as the app uses it: decoded, with when its stock was last confirmed. */
export interface CachedCatalog {
  date: number;
  snapshot: CatalogSnapshot;
  /** When the server last confirmed these stock figures (full download or delta), epoch ms. */
  fetchedAt: number;
}

export { catalogDb, type CatalogRecord };

/** Where a date's catalogue is kept. */
export interface CatalogStore {
  /** The cached catalogue of a date, or undefined (also when the stored copy is unreadable). */
  read(date: number): Promise<CachedCatalog | undefined>;
  /**
   * The stored record of a date, not decoded: the catalogue page decodes it a slice at a time
   * (and its worker the first screen). Only the compact store has records; the page uses `read`
   * with a store that has not.
   */
  readRecord?(date: number): Promise<CatalogRecord | undefined>;
  /** Forgets a date's copy (the page found it unreadable). */
  drop?(date: number): Promise<void>;
  /** Stores the compact bytes the server sent, given decoded as `snapshot`. */
  saveBytes(data: ArrayBuffer, snapshot: CatalogSnapshot, fetchedAt: number): Promise<void>;
  /** Stores a (patched) snapshot. */
  save(snapshot: CatalogSnapshot, fetchedAt: number): Promise<void>;
  /** Records that the server confirmed the stored copy unchanged at `fetchedAt`. */
  touch(date: number, fetchedAt: number): Promise<void>;
  /** Forgets every cached date (sign-out); the compact store is cleared by `clearCatalogCache`. */
  clear?(): Promise<void>;
}

/**
 * Where a page's script may put a store before the app starts, to be used instead of the compact
 * one: how `npm run bench:catalog` measures its baseline (scripts/bench/naive-catalog-store.ts).
 * Nothing in the app sets it.
 */
export interface InjectedCatalogStore {
  stemlineCatalogStore?: CatalogStore;
}

/** Decoded snapshots by date, reused while the stored version and catalogue stay the same. */
const decoded = new Map<
  number,
  { version: number; catalogId: string; snapshot: CatalogSnapshot }
>();

function decodeRecord(record: CatalogRecord): CachedCatalog {
  const known = decoded.get(record.date);
  if (known && known.version === record.version && known.catalogId === record.catalogId) {
    return { date: record.date, snapshot: known.snapshot, fetchedAt: record.fetchedAt };
  }
  const snapshot = decodeCatalogSnapshot(record.data);
  decoded.set(record.date, { version: record.version, catalogId: record.catalogId, snapshot });
  return { date: record.date, snapshot, fetchedAt: record.fetchedAt };
}

const compactCatalogStore: CatalogStore = {
  async read(date) {
    const record = await catalogDb.catalogs.get(date);
    if (!record) return undefined;
    try {
      return decodeRecord(record);
    } catch {
      // An unreadable copy (another format, a torn write) is dropped and downloaded again.
      decoded.delete(date);
      await catalogDb.catalogs.delete(date);
      return undefined;
    }
  },
  readRecord(date) {
    return catalogDb.catalogs.get(date);
  },
  async drop(date) {
    decoded.delete(date);
    dropFirstViews(date);
    await catalogDb.catalogs.delete(date);
  },
  async saveBytes(data, snapshot, fetchedAt) {
    const record = catalogRecordOf(data, fetchedAt);
    decoded.set(snapshot.date, { version: record.version, catalogId: record.catalogId, snapshot });
    await putRecord(record);
  },
  async save(snapshot, fetchedAt) {
    const record = catalogRecordOf(encodeCatalogSnapshot(snapshot).buffer, fetchedAt);
    decoded.set(snapshot.date, {
      version: record.version,
      catalogId: record.catalogId,
      snapshot,
    });
    await putRecord(record);
  },
  async touch(date, fetchedAt) {
    await catalogDb.catalogs.update(date, { fetchedAt });
  },
};

/** Stores a date's new copy; the date's first views showed the old one and go with it. */
async function putRecord(record: CatalogRecord): Promise<void> {
  dropFirstViews(record.date);
  await putCatalogRecord(record);
}

/** The store this device uses: the compact one, unless a store was injected (`InjectedCatalogStore`). */
export const catalogStore: CatalogStore =
  (globalThis as InjectedCatalogStore).stemlineCatalogStore ?? compactCatalogStore;

/** The cached catalogue of a date (decoded), for screens outside the catalogue page. */
export function readCachedCatalog(date: number): Promise<CachedCatalog | undefined> {
  return catalogStore.read(date);
}

/** Forgets every cached date (sign-out). */
export async function clearCatalogCache(): Promise<void> {
  decoded.clear();
  dropFirstViews();
  forgetCatalogCached();
  await Promise.all([catalogDb.catalogs.clear(), catalogStore.clear?.()]);
}
