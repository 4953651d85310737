/**
 * Whether this device has stored a catalogue date (localStorage item `stemline.catalogCached`),
 * read before the catalogue store (Dexie) is loaded: a first visit, which has nothing stored,
 * asks the network at once and loads the store only to keep what it got. The item is set once a
 * copy has been stored and removed with the cache; without it the store is still read when the
 * network cannot answer (a copy kept by an older version of the app opens offline as before).
 */

const ITEM = 'stemline.catalogCached';

/** True when a catalogue copy may be on this device (also when localStorage cannot be read). */
export function mayHaveCachedCatalog(): boolean {
  try {
    return localStorage.getItem(ITEM) !== null;
  } catch {
    return true;
  }
}

/** Records that a copy has been stored. */
export function noteCatalogCached(): void {
  try {
    localStorage.setItem(ITEM, '1');
  } catch {
    // A full storage: the next visit reads the store after asking the network, as a first one.
  }
}

/** Records that the cache was cleared. */
export function forgetCatalogCached(): void {
  try {
    localStorage.removeItem(ITEM);
  } catch {
    // Nothing to forget.
  }
}
