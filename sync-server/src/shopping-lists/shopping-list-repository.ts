import type { ShoppingList } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/** One customer's shopping lists (the synced `shopping_lists` table); deleting leaves a tombstone. */
export function createShoppingListRepository(db: Db) {
  const table = createSyncedTableSync(db, 'shopping_lists');
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO shopping_lists (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0`,
  );
  const tombstone = db.prepare<[number, string, string]>(
    'UPDATE shopping_lists SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  const anyRow = db.prepare<[string, string], { deleted: number }>(
    'SELECT deleted FROM shopping_lists WHERE customer_key = ? AND key = ?',
  );
  return {
    get: (customerKey: string, key: string) => table.get<ShoppingList>(customerKey, key),
    list: (customerKey: string) => table.list<ShoppingList>(customerKey),
    /** True when the key was ever used by this customer, deleted or not. */
    used: (customerKey: string, key: string) => anyRow.get(customerKey, key) !== undefined,
    save(customerKey: string, list: ShoppingList, seq: number): void {
      upsert.run(customerKey, list.key, JSON.stringify(list), seq);
    },
    remove(customerKey: string, key: string, seq: number): void {
      tombstone.run(seq, customerKey, key);
    },
  };
}
