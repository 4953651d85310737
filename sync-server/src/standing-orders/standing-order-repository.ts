import type { StandingOrder } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/** One customer's standing orders (the synced `standing_orders` table). */
export function createStandingOrderRepository(db: Db) {
  const table = createSyncedTableSync(db, 'standing_orders');
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO standing_orders (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq`,
  );
  return {
    get: (customerKey: string, key: string): StandingOrder | undefined => {
      const order = table.get<StandingOrder>(customerKey, key);
      return order && withCustomBoxes(order);
    },
    list: (customerKey: string): StandingOrder[] =>
      table.list<StandingOrder>(customerKey).map(withCustomBoxes),
    save: (customerKey: string, order: StandingOrder, seq: number): void => {
      upsert.run(customerKey, order.key, JSON.stringify(order), seq);
    },
  };
}

/** A standing order as stored, with `custom_boxes` filled in when it predates custom boxes. */
export function withCustomBoxes(order: StandingOrder): StandingOrder {
  // Docs written before custom boxes have no such field, whatever the type says.
  return { ...order, custom_boxes: (order as Partial<StandingOrder>).custom_boxes ?? [] };
}
