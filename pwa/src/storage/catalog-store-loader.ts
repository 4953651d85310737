/**
 * The catalogue store (catalog-db.ts, with Dexie) loaded on need: the catalogue page's first
 * screen on a first visit comes from the network, so the store's code is not part of it
 * (issue 28). The chunk is fetched once; later calls share it.
 */
import type * as CatalogDbModule from './catalog-db';
import type { CatalogStore } from './catalog-db';

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
