import { unitsPerBox, type Order } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTable } from '../sync/synced-table';

/**
 * Purchase orders of one customer: the synced `orders` table (the whole order as its doc, plus
 * columns to list and sort by) and its `order_lines` rows, written together.
 */
export function createOrderRepository(db: Db) {
  const table = createSyncedTable(db, 'orders');
  const insertOrder = db.prepare<
    [string, string, string, number, string, string, number, number, number]
  >(
    `INSERT INTO orders (customer_key, key, doc, seq, deleted, number, status, purchase_date, total, created_at)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  );
  const updateOrder = db.prepare<[string, number, string, number, string, string]>(
    'UPDATE orders SET doc = ?, seq = ?, status = ?, total = ? WHERE customer_key = ? AND key = ?',
  );
  const insertLine = db.prepare(
    `INSERT INTO order_lines (customer_key, order_key, line_no, inventory_key, variety_key, grower_key, eta_date, boxes, units, stem_price, total, status)
     VALUES (@customer_key, @order_key, @line_no, @inventory_key, @variety_key, @grower_key, @eta_date, @boxes, @units, @stem_price, @total, @status)`,
  );
  const setLineStatus = db.prepare<[string, string, string, number]>(
    'UPDATE order_lines SET status = ? WHERE customer_key = ? AND order_key = ? AND line_no = ?',
  );
  const exists = db.prepare<[string, string], { key: string }>(
    'SELECT key FROM orders WHERE customer_key = ? AND key = ?',
  );
  const page = db.prepare<[string, string | null, string | null, number, number], { doc: string }>(
    `SELECT doc FROM orders WHERE customer_key = ? AND deleted = 0 AND (? IS NULL OR status = ?)
     ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
  );
  const count = db.prepare<[string, string | null, string | null], { n: number }>(
    'SELECT COUNT(*) AS n FROM orders WHERE customer_key = ? AND deleted = 0 AND (? IS NULL OR status = ?)',
  );
  const byPurchaseDate = db.prepare<[string, number, number], { doc: string }>(
    `SELECT doc FROM orders WHERE customer_key = ? AND deleted = 0 AND purchase_date BETWEEN ? AND ?
     ORDER BY purchase_date DESC, created_at DESC, rowid DESC LIMIT 1000`,
  );

  return {
    get(customerKey: string, key: string): Order | undefined {
      return table.get<Order>(customerKey, key);
    },
    /** True when the key is taken, even by a deleted order. */
    exists(customerKey: string, key: string): boolean {
      return exists.get(customerKey, key) !== undefined;
    },
    insert(customerKey: string, order: Order, seq: number): void {
      insertOrder.run(
        customerKey,
        order.key,
        JSON.stringify(order),
        seq,
        order.number,
        order.status,
        order.purchase_date,
        order.total,
        order.created_at,
      );
      for (const line of order.lines) {
        insertLine.run({
          customer_key: customerKey,
          order_key: order.key,
          line_no: line.line_no,
          inventory_key: line.inventory_key,
          variety_key: line.variety_key,
          grower_key: line.grower_key,
          eta_date: line.eta_date,
          boxes: line.boxes,
          units: line.boxes * unitsPerBox(line),
          stem_price: line.stem_price,
          total: line.total,
          status: line.status,
        });
      }
    },
    /** Saves an order whose rows changed status; the rows follow the doc. */
    update(customerKey: string, order: Order, seq: number): void {
      updateOrder.run(
        JSON.stringify(order),
        seq,
        order.status,
        order.total,
        customerKey,
        order.key,
      );
      for (const line of order.lines)
        setLineStatus.run(line.status, customerKey, order.key, line.line_no);
    },
    /** Newest first (orders placed in the same millisecond: the later one first); `status` narrows the list. */
    page(
      customerKey: string,
      status: string | null,
      limit: number,
      offset: number,
    ): { orders: Order[]; total: number } {
      return {
        orders: page
          .all(customerKey, status, status, limit, offset)
          .map((row) => JSON.parse(row.doc) as Order),
        total: count.get(customerKey, status, status)?.n ?? 0,
      };
    },
    /** Orders bought between two yyyyMMdd dates inclusive, newest first (at most 1,000). */
    byPurchaseDate(customerKey: string, from: number, to: number): Order[] {
      return byPurchaseDate.all(customerKey, from, to).map((row) => JSON.parse(row.doc) as Order);
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
