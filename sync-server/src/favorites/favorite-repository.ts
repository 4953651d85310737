import type { Favorite } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/** Favourites of one customer (the synced `favorites` table); removing leaves a tombstone. */
export function createFavoriteRepository(db: Db) {
  const table = createSyncedTableSync(db, 'favorites');
  const upsert = db.prepare<[string, string, string, number, string]>(
    `INSERT INTO favorites (customer_key, key, doc, seq, deleted, variety_key) VALUES (?, ?, ?, ?, 0, ?)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0,
       variety_key = excluded.variety_key`,
  );
  const tombstone = db.prepare<[number, string, string]>(
    'UPDATE favorites SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  const variety = db.prepare<[string], { name: string; active: number }>(
    'SELECT name, active FROM varieties WHERE key = ?',
  );
  return {
    get(customerKey: string, key: string): Favorite | undefined {
      return table.get<Favorite>(customerKey, key);
    },
    list(customerKey: string): Favorite[] {
      return table.list<Favorite>(customerKey);
    },
    save(customerKey: string, favorite: Favorite, seq: number): void {
      upsert.run(customerKey, favorite.key, JSON.stringify(favorite), seq, favorite.variety_key);
    },
    remove(customerKey: string, key: string, seq: number): void {
      tombstone.run(seq, customerKey, key);
    },
    /** The name of an active catalogue variety, or undefined. */
    activeVarietyName(varietyKey: string): string | undefined {
      const row = variety.get(varietyKey);
      return row && row.active === 1 ? row.name : undefined;
    },
  };
}
