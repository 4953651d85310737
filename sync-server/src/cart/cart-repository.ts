import type { CartLine, Notice } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/** Cart lines and notices of one customer: writes bump `seq`; deletes leave tombstones. */
export function createCartRepository(db: Db) {
  const lines = createSyncedTableSync(db, 'cart_lines');
  const upsertLine = db.prepare<[string, string, string, number, number, number, number | null]>(
    `INSERT INTO cart_lines (customer_key, key, doc, seq, deleted, inventory_key, boxes, reserved_until)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0,
       inventory_key = excluded.inventory_key, boxes = excluded.boxes, reserved_until = excluded.reserved_until`,
  );
  const tombstoneLine = db.prepare<[number, string, string]>(
    'UPDATE cart_lines SET deleted = 1, seq = ?, reserved_until = NULL WHERE customer_key = ? AND key = ?',
  );
  const expired = db.prepare<[number], { customer_key: string; doc: string }>(
    `SELECT customer_key, doc FROM cart_lines
     WHERE deleted = 0 AND reserved_until IS NOT NULL AND reserved_until <= ? ORDER BY reserved_until LIMIT 500`,
  );
  const ofOffer = db.prepare<[number], { customer_key: string; doc: string }>(
    'SELECT customer_key, doc FROM cart_lines WHERE inventory_key = ? AND deleted = 0',
  );
  const insertNotice = db.prepare<[string, string, string, number]>(
    'INSERT INTO notices (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)',
  );

  return {
    line(customerKey: string, key: string): CartLine | undefined {
      return lines.get<CartLine>(customerKey, key);
    },
    lines(customerKey: string): CartLine[] {
      return lines.list<CartLine>(customerKey);
    },
    saveLine(customerKey: string, line: CartLine, seq: number): void {
      upsertLine.run(
        customerKey,
        line.key,
        JSON.stringify(line),
        seq,
        line.inventory_key,
        line.boxes,
        line.reserved_until,
      );
    },
    deleteLine(customerKey: string, key: string, seq: number): void {
      tombstoneLine.run(seq, customerKey, key);
    },
    /** Every customer's live lines of one price row. */
    linesOfOffer(inventoryKey: number): { customerKey: string; line: CartLine }[] {
      return ofOffer
        .all(inventoryKey)
        .map((row) => ({ customerKey: row.customer_key, line: JSON.parse(row.doc) as CartLine }));
    },
    /** Open-market lines whose reservation ended at or before `nowMs`, oldest first. */
    expiredLines(nowMs: number): { customerKey: string; line: CartLine }[] {
      return expired
        .all(nowMs)
        .map((row) => ({ customerKey: row.customer_key, line: JSON.parse(row.doc) as CartLine }));
    },
    addNotice(customerKey: string, notice: Notice, seq: number): void {
      insertNotice.run(customerKey, notice.key, JSON.stringify(notice), seq);
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
