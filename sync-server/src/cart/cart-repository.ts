import type { CartLine, Notice } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/** Cart lines and notices of one customer: writes bump `seq`; deletes leave tombstones. */
export function createCartRepository(engine: SqlExecutor) {
  const lines = createSyncedTable(engine, 'cart_lines');
  const sql = {
    upsertLine: `INSERT INTO cart_lines (customer_key, key, doc, seq, deleted, inventory_key, boxes, reserved_until)
      VALUES (?, ?, ?, ?, 0, ?, ?, ?)
      ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0,
        inventory_key = excluded.inventory_key, boxes = excluded.boxes, reserved_until = excluded.reserved_until`,
    tombstoneLine:
      'UPDATE cart_lines SET deleted = 1, seq = ?, reserved_until = NULL WHERE customer_key = ? AND key = ?',
    expiredCustomers: `SELECT DISTINCT customer_key FROM (SELECT customer_key FROM cart_lines
      WHERE deleted = 0 AND reserved_until IS NOT NULL AND reserved_until <= ?
      ORDER BY reserved_until LIMIT 500) AS expired ORDER BY customer_key`,
    expiredOf: `SELECT customer_key, doc FROM cart_lines
      WHERE customer_key = ? AND deleted = 0 AND reserved_until IS NOT NULL AND reserved_until <= ?
      ORDER BY reserved_until`,
    ofOffer: 'SELECT customer_key, doc FROM cart_lines WHERE inventory_key = ? AND deleted = 0',
    insertNotice:
      'INSERT INTO notices (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)',
  };
  const customerLines = (rows: { customer_key: string; doc: string }[]) =>
    rows.map((row) => ({ customerKey: row.customer_key, line: JSON.parse(row.doc) as CartLine }));

  return {
    line(customerKey: string, key: string): Promise<CartLine | undefined> {
      return lines.get<CartLine>(customerKey, key);
    },
    lines(customerKey: string): Promise<CartLine[]> {
      return lines.list<CartLine>(customerKey);
    },
    async saveLine(customerKey: string, line: CartLine, seq: number): Promise<void> {
      await engine.run(sql.upsertLine, [
        customerKey,
        line.key,
        JSON.stringify(line),
        seq,
        line.inventory_key,
        line.boxes,
        line.reserved_until,
      ]);
    },
    async deleteLine(customerKey: string, key: string, seq: number): Promise<void> {
      await engine.run(sql.tombstoneLine, [seq, customerKey, key]);
    },
    /** Every customer's live lines of one price row. */
    async linesOfOffer(inventoryKey: number): Promise<{ customerKey: string; line: CartLine }[]> {
      return customerLines(await engine.all(sql.ofOffer, [inventoryKey]));
    },
    /**
     * The customers (in key order) of the oldest held lines (open-market, or an unconfirmed
     * guest's), up to 500, whose reservation ended at or before `nowMs`.
     */
    async customersWithExpiredLines(nowMs: number): Promise<string[]> {
      const rows = await engine.all<{ customer_key: string }>(sql.expiredCustomers, [nowMs]);
      return rows.map((row) => row.customer_key);
    },
    /** One customer's held lines whose reservation ended at or before `nowMs`. */
    async expiredLinesOf(customerKey: string, nowMs: number): Promise<CartLine[]> {
      const rows = await engine.all<{ customer_key: string; doc: string }>(sql.expiredOf, [
        customerKey,
        nowMs,
      ]);
      return customerLines(rows).map((entry) => entry.line);
    },
    async addNotice(customerKey: string, notice: Notice, seq: number): Promise<void> {
      await engine.run(sql.insertNotice, [customerKey, notice.key, JSON.stringify(notice), seq]);
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
