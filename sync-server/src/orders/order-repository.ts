import { boxCopies, unitsPerBox, unitsPerBunch, type Order } from '@stemline/shared';
import type { SqlExecutor, SqlValue } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/**
 * The statements of the orders, the same on both engines. A status filter of null lists every
 * status (its parameter is cast so PostgreSQL knows its type). Orders placed in the same
 * millisecond list the later one first: its number was made from a later change `seq`, so it
 * is longer or, as long, greater.
 */
const sql = {
  insertOrder: `INSERT INTO orders (customer_key, key, doc, seq, deleted, number, status, purchase_date, total_cents, created_at)
    VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  updateOrder:
    'UPDATE orders SET doc = ?, seq = ?, status = ?, total_cents = ? WHERE customer_key = ? AND key = ?',
  insertLine: `INSERT INTO order_lines (customer_key, order_key, line_no, inventory_key, variety_key, grower_key, eta_date, boxes, units, stem_price_cents, total_cents, status)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertBoxItem: `INSERT INTO order_box_items (customer_key, order_key, box_key, inventory_key, eta_date, bunches, units, stem_price_cents, status)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  setBoxStatus:
    'UPDATE order_box_items SET status = ? WHERE customer_key = ? AND order_key = ? AND box_key = ?',
  setLineStatus:
    'UPDATE order_lines SET status = ? WHERE customer_key = ? AND order_key = ? AND line_no = ?',
  exists: 'SELECT key FROM orders WHERE customer_key = ? AND key = ?',
  page: `SELECT doc FROM orders
    WHERE customer_key = ? AND deleted = 0 AND (CAST(? AS TEXT) IS NULL OR status = ?)
    ORDER BY created_at DESC, LENGTH(number) DESC, number DESC LIMIT ? OFFSET ?`,
  count: `SELECT COUNT(*) AS n FROM orders
    WHERE customer_key = ? AND deleted = 0 AND (CAST(? AS TEXT) IS NULL OR status = ?)`,
  latestToRepeat: `SELECT doc FROM orders WHERE customer_key = ? AND deleted = 0 AND status <> 'cancelled'
    ORDER BY created_at DESC, LENGTH(number) DESC, number DESC LIMIT 1`,
  byPurchaseDate: `SELECT doc FROM orders WHERE customer_key = ? AND deleted = 0 AND purchase_date BETWEEN ? AND ?
    ORDER BY purchase_date DESC, created_at DESC, LENGTH(number) DESC, number DESC LIMIT 1000`,
};

/** The statements (and their values) that store a new order: its row, its lines, its box items. */
function insertionOf(customerKey: string, order: Order, seq: number): [string, SqlValue[]][] {
  return [
    [
      sql.insertOrder,
      [
        customerKey,
        order.key,
        JSON.stringify(order),
        seq,
        order.number,
        order.status,
        order.purchase_date,
        order.total_cents,
        order.created_at,
      ],
    ],
    ...order.lines.map((line): [string, SqlValue[]] => [
      sql.insertLine,
      [
        customerKey,
        order.key,
        line.line_no,
        line.inventory_key,
        line.variety_key,
        line.grower_key,
        line.eta_date,
        line.boxes,
        line.boxes * unitsPerBox(line),
        line.stem_price_cents,
        line.total_cents,
        line.status,
      ],
    ]),
    ...order.custom_boxes.flatMap((box) =>
      box.items.map((item): [string, SqlValue[]] => [
        sql.insertBoxItem,
        [
          customerKey,
          order.key,
          box.box_key,
          item.inventory_key,
          box.eta_date,
          // What was sold of the row: its bunches in every box ordered.
          item.bunches * boxCopies(box),
          item.bunches * unitsPerBunch(item) * boxCopies(box),
          item.stem_price_cents,
          box.status,
        ],
      ]),
    ),
  ];
}

/**
 * Purchase orders of one customer: the synced `orders` table (the whole order as its doc, plus
 * columns to list and sort by) with its `order_lines` rows and its custom boxes'
 * `order_box_items` rows, written together. Orders stored before boxes were ordered have no
 * `custom_boxes` in their doc: read them through `withBoxes`.
 */
export function createOrderRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'orders');
  const docs = async (statement: string, params: SqlValue[]): Promise<Order[]> =>
    (await engine.all<{ doc: string }>(statement, params)).map((row) =>
      withBoxes(JSON.parse(row.doc) as Order),
    );

  return {
    async get(customerKey: string, key: string): Promise<Order | undefined> {
      const order = await table.get<Order>(customerKey, key);
      return order && withBoxes(order);
    },
    /** True when the key is taken, even by a deleted order. */
    async exists(customerKey: string, key: string): Promise<boolean> {
      return (await engine.one(sql.exists, [customerKey, key])) !== undefined;
    },
    async insert(customerKey: string, order: Order, seq: number): Promise<void> {
      for (const [statement, params] of insertionOf(customerKey, order, seq))
        await engine.run(statement, params);
    },
    /** Saves an order whose rows changed status; the rows follow the doc. */
    async update(customerKey: string, order: Order, seq: number): Promise<void> {
      await engine.run(sql.updateOrder, [
        JSON.stringify(order),
        seq,
        order.status,
        order.total_cents,
        customerKey,
        order.key,
      ]);
      for (const line of order.lines)
        await engine.run(sql.setLineStatus, [line.status, customerKey, order.key, line.line_no]);
      for (const box of order.custom_boxes)
        await engine.run(sql.setBoxStatus, [box.status, customerKey, order.key, box.box_key]);
    },
    /** Newest first (orders placed in the same millisecond: the later one first); `status` narrows the list. */
    async page(
      customerKey: string,
      status: string | null,
      limit: number,
      offset: number,
    ): Promise<{ orders: Order[]; total: number }> {
      const count = await engine.one<{ n: number }>(sql.count, [customerKey, status, status]);
      return {
        orders: await docs(sql.page, [customerKey, status, status, limit, offset]),
        total: count?.n ?? 0,
      };
    },
    /**
     * The customer's newest order not cancelled as a whole (one cancelled has nothing left to
     * order again), or undefined when it has none.
     */
    async latestToRepeat(customerKey: string): Promise<Order | undefined> {
      const [order] = await docs(sql.latestToRepeat, [customerKey]);
      return order;
    },
    /** Orders bought between two yyyyMMdd dates inclusive, newest first (at most 1,000). */
    byPurchaseDate(customerKey: string, from: number, to: number): Promise<Order[]> {
      return docs(sql.byPurchaseDate, [customerKey, from, to]);
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
