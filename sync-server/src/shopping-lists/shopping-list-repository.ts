import type { ShoppingList } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/** One customer's shopping lists (the synced `shopping_lists` table); deleting leaves a tombstone. */
export function createShoppingListRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'shopping_lists');
  const sql = {
    upsert: `INSERT INTO shopping_lists (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
      ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0`,
    tombstone:
      'UPDATE shopping_lists SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
    anyRow: 'SELECT deleted FROM shopping_lists WHERE customer_key = ? AND key = ?',
  };
  return {
    get: (customerKey: string, key: string) => table.get<ShoppingList>(customerKey, key),
    list: (customerKey: string) => table.list<ShoppingList>(customerKey),
    /** True when the key was ever used by this customer, deleted or not. */
    async used(customerKey: string, key: string): Promise<boolean> {
      return (await engine.one(sql.anyRow, [customerKey, key])) !== undefined;
    },
    async save(customerKey: string, list: ShoppingList, seq: number): Promise<void> {
      await engine.run(sql.upsert, [customerKey, list.key, JSON.stringify(list), seq]);
    },
    async remove(customerKey: string, key: string, seq: number): Promise<void> {
      await engine.run(sql.tombstone, [seq, customerKey, key]);
    },
  };
}
