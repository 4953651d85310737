import type { SyncedCollection } from '@stemline/shared';
import type { Db } from './database';

export interface SyncedDocument {
  key: string;
  seq: number;
  _deleted: boolean;
  [field: string]: unknown;
}

/**
 * Reads and writes one replicated per-customer collection. Each table has the same columns
 * (customer_key, key, doc, seq, deleted); the table name comes from the fixed collection list,
 * never from a request.
 */
export function createSyncedTable(db: Db, collection: SyncedCollection) {
  const page = db.prepare<
    [string, number, number, number],
    { key: string; doc: string; seq: number; deleted: number }
  >(
    `SELECT key, doc, seq, deleted FROM ${collection} WHERE customer_key = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?`,
  );
  const one = db.prepare<[string, string], { doc: string; deleted: number }>(
    `SELECT doc, deleted FROM ${collection} WHERE customer_key = ? AND key = ?`,
  );
  const live = db.prepare<[string], { doc: string }>(
    `SELECT doc FROM ${collection} WHERE customer_key = ? AND deleted = 0 ORDER BY seq`,
  );

  return {
    /** Changes after `checkpoint` up to `watermark`, oldest first, tombstones included. */
    changesSince(
      customerKey: string,
      checkpoint: number,
      watermark: number,
      limit: number,
    ): SyncedDocument[] {
      return page.all(customerKey, checkpoint, watermark, limit).map((row) => ({
        ...(JSON.parse(row.doc) as Record<string, unknown>),
        key: row.key,
        seq: row.seq,
        _deleted: row.deleted === 1,
      }));
    },
    /** A live document, or undefined when absent or deleted. */
    get<T>(customerKey: string, key: string): T | undefined {
      const row = one.get(customerKey, key);
      return row && row.deleted === 0 ? (JSON.parse(row.doc) as T) : undefined;
    },
    /** Every live document of one customer. */
    list<T>(customerKey: string): T[] {
      return live.all(customerKey).map((row) => JSON.parse(row.doc) as T);
    },
  };
}
export type SyncedTable = ReturnType<typeof createSyncedTable>;
