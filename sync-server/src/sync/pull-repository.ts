import { SYNCED_COLLECTIONS, type SyncedCollection } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable, type SyncedDocument, type SyncedTable } from '../db/synced-table';

/**
 * What the pull reads: one customer's changes to one synced collection, on the engine (in the
 * caller's transaction, where the pull also reads its watermark).
 */
export function createPullRepository(engine: SqlExecutor) {
  const tables = Object.fromEntries(
    SYNCED_COLLECTIONS.map((collection) => [collection, createSyncedTable(engine, collection)]),
  ) as Record<SyncedCollection, SyncedTable>;
  return {
    /** Changes after `checkpoint` up to `watermark`, oldest first, tombstones included. */
    changesSince(
      collection: SyncedCollection,
      customerKey: string,
      checkpoint: number,
      watermark: number,
      limit: number,
    ): Promise<SyncedDocument[]> {
      return tables[collection].changesSince(customerKey, checkpoint, watermark, limit);
    },
  };
}
export type PullRepository = ReturnType<typeof createPullRepository>;
