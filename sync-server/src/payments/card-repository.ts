import type { SavedCard } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/**
 * Saved cards of one customer (the synced `payment_cards` table). The doc holds what devices may
 * see; the processor token sits in its own column and is read only to charge.
 */
export function createCardRepository(db: Db) {
  const table = createSyncedTableSync(db, 'payment_cards');
  const insert = db.prepare<[string, string, string, number, string]>(
    'INSERT INTO payment_cards (customer_key, key, doc, seq, deleted, token) VALUES (?, ?, ?, ?, 0, ?)',
  );
  const tombstone = db.prepare<[number, string, string]>(
    'UPDATE payment_cards SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  const tokenOf = db.prepare<[string, string], { token: string }>(
    'SELECT token FROM payment_cards WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  return {
    get(customerKey: string, key: string): SavedCard | undefined {
      return table.get<SavedCard>(customerKey, key);
    },
    list(customerKey: string): SavedCard[] {
      return table.list<SavedCard>(customerKey);
    },
    insert(customerKey: string, card: SavedCard, token: string, seq: number): void {
      insert.run(customerKey, card.key, JSON.stringify(card), seq, token);
    },
    /** True when a live card was removed. */
    remove(customerKey: string, key: string, seq: number): boolean {
      return tombstone.run(seq, customerKey, key).changes === 1;
    },
    token(customerKey: string, key: string): string | undefined {
      return tokenOf.get(customerKey, key)?.token;
    },
  };
}
export type CardRepository = ReturnType<typeof createCardRepository>;
