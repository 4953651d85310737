import type { SavedCard } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/**
 * Saved cards of one customer (the synced `payment_cards` table). The doc holds what devices may
 * see; the processor token sits in its own column and is read only to charge.
 */
export function createCardRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'payment_cards');
  const sql = {
    insert:
      'INSERT INTO payment_cards (customer_key, key, doc, seq, deleted, token) VALUES (?, ?, ?, ?, 0, ?)',
    tombstone:
      'UPDATE payment_cards SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
    token: 'SELECT token FROM payment_cards WHERE customer_key = ? AND key = ? AND deleted = 0',
  };
  return {
    get(customerKey: string, key: string): Promise<SavedCard | undefined> {
      return table.get<SavedCard>(customerKey, key);
    },
    list(customerKey: string): Promise<SavedCard[]> {
      return table.list<SavedCard>(customerKey);
    },
    async insert(customerKey: string, card: SavedCard, token: string, seq: number): Promise<void> {
      await engine.run(sql.insert, [customerKey, card.key, JSON.stringify(card), seq, token]);
    },
    /** True when a live card was removed. */
    async remove(customerKey: string, key: string, seq: number): Promise<boolean> {
      const { changes } = await engine.run(sql.tombstone, [seq, customerKey, key]);
      return changes === 1;
    },
    async token(customerKey: string, key: string): Promise<string | undefined> {
      return (await engine.one<{ token: string }>(sql.token, [customerKey, key]))?.token;
    },
  };
}
export type CardRepository = ReturnType<typeof createCardRepository>;
