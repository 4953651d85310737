/**
 * The catalogue cache's IndexedDB database (Dexie, `stemline-catalog`): its records and
 * versions, and nothing of the page (no localStorage, no decoding), so that the catalogue store
 * worker (catalog-store.worker.ts) opens the same database the page's store (catalog-db.ts) does.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { CatalogRecord } from './catalog-record';

export const catalogDb = new Dexie('stemline-catalog') as Dexie & {
  catalogs: EntityTable<CatalogRecord, 'date'>;
};

catalogDb.version(1).stores({ catalogs: 'date, fetchedAt' });
// Version 1 kept whole JSON snapshots; they are simply downloaded again in the compact form.
catalogDb
  .version(2)
  .stores({ catalogs: 'date, fetchedAt' })
  .upgrade((tx) => tx.table('catalogs').clear());

/**
 * Stores a date's record, resolving once its transaction has committed: a reload right after
 * finds it. Rejects with IndexedDB's error (a full disk: QuotaExceededError).
 */
export function putCatalogRecord(record: CatalogRecord): Promise<void> {
  return catalogDb.transaction('rw', catalogDb.catalogs, async () => {
    await catalogDb.catalogs.put(record);
  });
}
