/**
 * A date's stored catalogue record (catalog-database.ts), built from the compact bytes without
 * the store's code: the page builds one for the catalogue store worker.
 */
import { readCatalogSummary } from '@stemline/shared';

/** The stored record: the compact snapshot and what identifies it. */
export interface CatalogRecord {
  date: number;
  data: ArrayBuffer;
  version: number;
  catalogId: string;
  pricesHidden: boolean;
  fetchedAt: number;
}

/** The record of a copy's compact bytes, confirmed by the server at `fetchedAt`. */
export function catalogRecordOf(data: ArrayBuffer, fetchedAt: number): CatalogRecord {
  return { ...readCatalogSummary(data), data, fetchedAt };
}
