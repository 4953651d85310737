import type { SyncedCollection } from '@stemline/shared';
import type { Db } from './database';
import type { SqlExecutor } from './sql-engine';

export interface SyncedDocument {
  key: string;
  seq: number;
  _deleted: boolean;
  [field: string]: unknown;
}

interface StoredDocument {
  key: string;
  doc: string;
  seq: number;
  deleted: number;
}

function asDocument(row: StoredDocument): SyncedDocument {
  return {
    ...(JSON.parse(row.doc) as Record<string, unknown>),
    key: row.key,
    seq: row.seq,
    _deleted: row.deleted === 1,
  };
}

/** The statements of one synced table; its name comes from the fixed collection list. */
function statementsOf(collection: SyncedCollection) {
  return {
    page: `SELECT key, doc, seq, deleted FROM ${collection} WHERE customer_key = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?`,
    one: `SELECT doc, deleted FROM ${collection} WHERE customer_key = ? AND key = ?`,
    live: `SELECT doc FROM ${collection} WHERE customer_key = ? AND deleted = 0 ORDER BY seq`,
    put: `INSERT INTO ${collection} (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
      ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0`,
    tombstone: `UPDATE ${collection} SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0`,
  };
}

/**
 * Reads one replicated per-customer collection through the SQL engine (in the caller's
 * transaction when there is one). Each table has the same columns (customer_key, key, doc, seq,
 * deleted); the table name comes from the fixed collection list, never from a request.
 */
export function createSyncedTable(engine: SqlExecutor, collection: SyncedCollection) {
  const sql = statementsOf(collection);
  return {
    /** Changes after `checkpoint` up to `watermark`, oldest first, tombstones included. */
    async changesSince(
      customerKey: string,
      checkpoint: number,
      watermark: number,
      limit: number,
    ): Promise<SyncedDocument[]> {
      const rows = await engine.all<StoredDocument>(sql.page, [
        customerKey,
        checkpoint,
        watermark,
        limit,
      ]);
      return rows.map(asDocument);
    },
    /** A live document, or undefined when absent or deleted. */
    async get<T>(customerKey: string, key: string): Promise<T | undefined> {
      const row = await engine.one<{ doc: string; deleted: number }>(sql.one, [customerKey, key]);
      return row && row.deleted === 0 ? (JSON.parse(row.doc) as T) : undefined;
    },
    /** Every live document of one customer. */
    async list<T>(customerKey: string): Promise<T[]> {
      const rows = await engine.all<{ doc: string }>(sql.live, [customerKey]);
      return rows.map((row) => JSON.parse(row.doc) as T);
    },
    /**
     * Writes a live document under `seq` (taken in the caller's transaction), for a table whose
     * only columns are the common ones; tables with extra columns write their own.
     */
    async put(customerKey: string, doc: { key: string }, seq: number): Promise<void> {
      await engine.run(sql.put, [customerKey, doc.key, JSON.stringify(doc), seq]);
    },
    /** Deletes a live document, leaving a tombstone under `seq`; false when none was live. */
    async tombstone(customerKey: string, key: string, seq: number): Promise<boolean> {
      return (await engine.run(sql.tombstone, [seq, customerKey, key])).changes > 0;
    },
  };
}
export type SyncedTable = ReturnType<typeof createSyncedTable>;

/**
 * `createSyncedTable` on the better-sqlite3 handle, synchronously, for the repositories not yet
 * moved onto the engine (issue 23); removed once they all are.
 */
export function createSyncedTableSync(db: Db, collection: SyncedCollection) {
  const sql = statementsOf(collection);
  const page = db.prepare<[string, number, number, number], StoredDocument>(sql.page);
  const one = db.prepare<[string, string], { doc: string; deleted: number }>(sql.one);
  const live = db.prepare<[string], { doc: string }>(sql.live);
  return {
    changesSince(
      customerKey: string,
      checkpoint: number,
      watermark: number,
      limit: number,
    ): SyncedDocument[] {
      return page.all(customerKey, checkpoint, watermark, limit).map(asDocument);
    },
    get<T>(customerKey: string, key: string): T | undefined {
      const row = one.get(customerKey, key);
      return row && row.deleted === 0 ? (JSON.parse(row.doc) as T) : undefined;
    },
    list<T>(customerKey: string): T[] {
      return live.all(customerKey).map((row) => JSON.parse(row.doc) as T);
    },
  };
}
