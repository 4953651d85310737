/** The routes that show a catalogue for the URL's delivery date (spec §2 Routes). */
export const CATALOG_PATHS: readonly string[] = ['/shopping/home', '/shopping/products'];
