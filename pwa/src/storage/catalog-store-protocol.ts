import { putCatalogRecord } from './catalog-database';
import type { CatalogRecord } from './catalog-record';

/** A record for the catalogue store worker to store (a copy of its bytes is sent). */
export interface StoreRequest {
  id: number;
  record: CatalogRecord;
}

/** Stored, or the error that stopped it (its name and message: errors do not cross as such). */
export interface StoreAnswer {
  id: number;
  error: { name: string; message: string } | null;
}

/** Stores a request's record (catalog-database.ts), answering when it has committed. */
export async function answerStoreRequest({ id, record }: StoreRequest): Promise<StoreAnswer> {
  try {
    await putCatalogRecord(record);
    return { id, error: null };
  } catch (error) {
    const { name, message } =
      error instanceof Error ? error : { name: 'Error', message: String(error) };
    return { id, error: { name, message } };
  }
}
