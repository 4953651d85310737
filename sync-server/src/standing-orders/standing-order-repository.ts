import type { StandingOrder } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/** One customer's standing orders (the synced `standing_orders` table). */
export function createStandingOrderRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'standing_orders');
  const sql = {
    upsert: `INSERT INTO standing_orders (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
      ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq`,
  };
  return {
    get: async (customerKey: string, key: string): Promise<StandingOrder | undefined> => {
      const order = await table.get<StandingOrder>(customerKey, key);
      return order && withCustomBoxes(order);
    },
    list: async (customerKey: string): Promise<StandingOrder[]> =>
      (await table.list<StandingOrder>(customerKey)).map(withCustomBoxes),
    save: async (customerKey: string, order: StandingOrder, seq: number): Promise<void> => {
      await engine.run(sql.upsert, [customerKey, order.key, JSON.stringify(order), seq]);
    },
  };
}

/** A standing order as stored, with `custom_boxes` filled in when it predates custom boxes. */
export function withCustomBoxes(order: StandingOrder): StandingOrder {
  // Docs written before custom boxes have no such field, whatever the type says.
  return { ...order, custom_boxes: (order as Partial<StandingOrder>).custom_boxes ?? [] };
}
