import { unitsPerBox, type Order } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/**
 * Purchase orders of one customer: the synced `orders` table (the whole order as its doc, plus
 * columns to list and sort by) with its `order_lines` rows and its custom boxes'
 * `order_box_items` rows, written together. Orders stored before boxes were ordered have no
 * `custom_boxes` in their doc: read them through `withBoxes`.
 */
export function createOrderRepository(db: Db) {
  const table = createSyncedTableSync(db, 'orders');
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
  const insertBoxItem = db.prepare(
    `INSERT INTO order_box_items (customer_key, order_key, box_key, inventory_key, eta_date, bunches, units, stem_price, status)
     VALUES (@customer_key, @order_key, @box_key, @inventory_key, @eta_date, @bunches, @units, @stem_price, @status)`,
  );
  const setBoxStatus = db.prepare<[string, string, string, string]>(
    'UPDATE order_box_items SET status = ? WHERE customer_key = ? AND order_key = ? AND box_key = ?',
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
      const order = table.get<Order>(customerKey, key);
      return order && withBoxes(order);
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
      for (const box of order.custom_boxes) {
        for (const item of box.items) {
          insertBoxItem.run({
            customer_key: customerKey,
            order_key: order.key,
            box_key: box.box_key,
            inventory_key: item.inventory_key,
            eta_date: box.eta_date,
            bunches: item.bunches,
            units: item.bunches * (item.uom === 'bunch' ? 1 : item.stems_per_bunch),
            stem_price: item.stem_price,
            status: box.status,
          });
        }
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
      for (const box of order.custom_boxes)
        setBoxStatus.run(box.status, customerKey, order.key, box.box_key);
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
          .map((row) => withBoxes(JSON.parse(row.doc) as Order)),
        total: count.get(customerKey, status, status)?.n ?? 0,
      };
    },
    /** The customer's newest order (placed last), or undefined when it has none. */
    latest(customerKey: string): Order | undefined {
      const row = page.get(customerKey, null, null, 1, 0);
      return row && withBoxes(JSON.parse(row.doc) as Order);
    },
    /** Orders bought between two yyyyMMdd dates inclusive, newest first (at most 1,000). */
    byPurchaseDate(customerKey: string, from: number, to: number): Order[] {
      return byPurchaseDate
        .all(customerKey, from, to)
        .map((row) => withBoxes(JSON.parse(row.doc) as Order));
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;

/** An order as stored, with `custom_boxes` filled in when it predates ordered boxes. */
function withBoxes(order: Order): Order {
  return {
    ...order,
    // Docs written before ordered boxes have no such field, whatever the type says.
    custom_boxes: (order as Partial<Order>).custom_boxes ?? [],
  };
}
