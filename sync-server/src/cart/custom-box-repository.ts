import type { CustomBox } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/** Custom boxes of one customer (replicated collection `custom_boxes`). */
export function createCustomBoxRepository(db: Db) {
  const table = createSyncedTableSync(db, 'custom_boxes');
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO custom_boxes (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0`,
  );
  const tombstone = db.prepare<[number, string, string]>(
    'UPDATE custom_boxes SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  const holding = db.prepare<[number], { customer_key: string; doc: string }>(
    `SELECT customer_key, doc FROM custom_boxes
     WHERE deleted = 0
       AND EXISTS (SELECT 1 FROM json_each(doc, '$.items') WHERE value ->> '$.inventory_key' = ?)
     ORDER BY seq`,
  );
  return {
    box(customerKey: string, key: string): CustomBox | undefined {
      return table.get<CustomBox>(customerKey, key);
    },
    boxes(customerKey: string): CustomBox[] {
      return table.list<CustomBox>(customerKey);
    },
    save(customerKey: string, box: CustomBox, seq: number): void {
      upsert.run(customerKey, box.key, JSON.stringify(box), seq);
    },
    /** Every customer's live boxes that hold bunches of one price row, oldest change first. */
    boxesHolding(inventoryKey: number): { customerKey: string; box: CustomBox }[] {
      return holding.all(inventoryKey).map((row) => ({
        customerKey: row.customer_key,
        box: JSON.parse(row.doc) as CustomBox,
      }));
    },
    delete(customerKey: string, key: string, seq: number): boolean {
      return tombstone.run(seq, customerKey, key).changes === 1;
    },
  };
}
