import type { CustomBox } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/** Custom boxes of one customer (replicated collection `custom_boxes`). */
export function createCustomBoxRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'custom_boxes');
  const sql = {
    upsert: `INSERT INTO custom_boxes (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
      ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0`,
    tombstone:
      'UPDATE custom_boxes SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
    // The engines read the items of a JSON document differently; the rest is the same.
    holding:
      engine.kind === 'postgres'
        ? `SELECT customer_key, doc FROM custom_boxes
          WHERE deleted = 0 AND EXISTS (SELECT 1 FROM jsonb_array_elements(doc::jsonb -> 'items') AS item
            WHERE (item ->> 'inventory_key')::bigint = ?)
          ORDER BY seq`
        : `SELECT customer_key, doc FROM custom_boxes
          WHERE deleted = 0
            AND EXISTS (SELECT 1 FROM json_each(doc, '$.items') WHERE value ->> '$.inventory_key' = ?)
          ORDER BY seq`,
  };
  return {
    box(customerKey: string, key: string): Promise<CustomBox | undefined> {
      return table.get<CustomBox>(customerKey, key);
    },
    boxes(customerKey: string): Promise<CustomBox[]> {
      return table.list<CustomBox>(customerKey);
    },
    async save(customerKey: string, box: CustomBox, seq: number): Promise<void> {
      await engine.run(sql.upsert, [customerKey, box.key, JSON.stringify(box), seq]);
    },
    /** Every customer's live boxes that hold bunches of one price row, oldest change first. */
    async boxesHolding(inventoryKey: number): Promise<{ customerKey: string; box: CustomBox }[]> {
      const rows = await engine.all<{ customer_key: string; doc: string }>(sql.holding, [
        inventoryKey,
      ]);
      return rows.map((row) => ({
        customerKey: row.customer_key,
        box: JSON.parse(row.doc) as CustomBox,
      }));
    },
    async delete(customerKey: string, key: string, seq: number): Promise<boolean> {
      const { changes } = await engine.run(sql.tombstone, [seq, customerKey, key]);
      return changes === 1;
    },
  };
}
