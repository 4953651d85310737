/**
 * The catalogue store (catalog-db.ts, with Dexie) loaded on need: the catalogue page's first
 * screen on a first visit comes from the network, so the store's code is not part of it
 * (issue 28). The chunk is fetched once; later calls share it.
 */
import type { CatalogSnapshot } from '@stemline/shared';
import type * as CatalogDbModule from './catalog-db';
import type { CatalogStore, InjectedCatalogStore } from './catalog-db';
import { catalogRecordOf } from './catalog-record';
import { storeRecordInWorker } from './catalog-store-worker-client';
import { dropFirstViews, saveFirstViewRecord, type FirstViewRecord } from './first-view-store';

let loading: Promise<typeof CatalogDbModule> | undefined;

/** The catalogue store module, loading it the first time (again after a failed load). */
export function loadCatalogDb(): Promise<typeof CatalogDbModule> {
  loading ??= import('./catalog-db').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The store this device uses (`catalogStore` of catalog-db.ts). */
export function loadCatalogStore(): Promise<CatalogStore> {
  return loadCatalogDb().then((module) => module.catalogStore);
}

/**
 * Stores a downloaded copy's bytes (`snapshot`: decoded from them, kept by the page's store): by
 * the catalogue store worker when the browser runs one, so that a first visit's page neither
 * loads the store's code nor handles IndexedDB's events (issue 28); else, or with an injected
 * store, by the store here. Rejects as the store does (a full disk).
 */
export async function saveDownloadedCopy(
  data: ArrayBuffer,
  snapshot: CatalogSnapshot,
  fetchedAt: number,
): Promise<void> {
  if (!(globalThis as InjectedCatalogStore).stemlineCatalogStore) {
    const record = catalogRecordOf(data, fetchedAt);
    // The date's first views showed the copy before this one (catalog-db.ts does the same).
    dropFirstViews(record.date);
    if (await storeRecordInWorker(record)) return;
  }
  await (await loadCatalogStore()).saveBytes(data, snapshot, fetchedAt);
}

/**
 * Keeps a view's first screen beside the date's copy, for the next open (index.html reads it from
 * localStorage: first-view-store.ts), without loading the store's code. An injected store keeps
 * only the catalogue.
 */
export function keepFirstView(view: FirstViewRecord): void {
  if (!(globalThis as InjectedCatalogStore).stemlineCatalogStore) saveFirstViewRecord(view);
}
