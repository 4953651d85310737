import type { StandingOrder } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTable } from '../sync/synced-table';

/** One customer's standing orders (the synced `standing_orders` table). */
export function createStandingOrderRepository(db: Db) {
  const table = createSyncedTable(db, 'standing_orders');
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO standing_orders (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq`,
  );
  return {
    get: (customerKey: string, key: string) => table.get<StandingOrder>(customerKey, key),
    list: (customerKey: string) => table.list<StandingOrder>(customerKey),
    save: (customerKey: string, order: StandingOrder, seq: number): void => {
      upsert.run(customerKey, order.key, JSON.stringify(order), seq);
    },
  };
}
