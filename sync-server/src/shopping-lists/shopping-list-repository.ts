import type { ShoppingList } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/** One customer's shopping lists (the synced `shopping_lists` table); deleting leaves a tombstone. */
export function createShoppingListRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'shopping_lists');
  const sql = {
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
      await table.put(customerKey, list, seq);
    },
    async remove(customerKey: string, key: string, seq: number): Promise<void> {
      await table.tombstone(customerKey, key, seq);
    },
  };
}
