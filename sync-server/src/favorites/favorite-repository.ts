import type { Favorite } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/** Favourites of one customer (the synced `favorites` table); removing leaves a tombstone. */
export function createFavoriteRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'favorites');
  const sql = {
    upsert: `INSERT INTO favorites (customer_key, key, doc, seq, deleted, variety_key) VALUES (?, ?, ?, ?, 0, ?)
      ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0,
        variety_key = excluded.variety_key`,
    variety: 'SELECT name, active FROM varieties WHERE key = ?',
  };
  return {
    get(customerKey: string, key: string): Promise<Favorite | undefined> {
      return table.get<Favorite>(customerKey, key);
    },
    list(customerKey: string): Promise<Favorite[]> {
      return table.list<Favorite>(customerKey);
    },
    async save(customerKey: string, favorite: Favorite, seq: number): Promise<void> {
      await engine.run(sql.upsert, [
        customerKey,
        favorite.key,
        JSON.stringify(favorite),
        seq,
        favorite.variety_key,
      ]);
    },
    async remove(customerKey: string, key: string, seq: number): Promise<void> {
      await table.tombstone(customerKey, key, seq);
    },
    /** The name of an active catalogue variety, or undefined. */
    async activeVarietyName(varietyKey: string): Promise<string | undefined> {
      const row = await engine.one<{ name: string; active: number }>(sql.variety, [varietyKey]);
      return row && row.active === 1 ? row.name : undefined;
    },
  };
}
