import type { DeletedProduct } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

/**
 * Products the server took out of a guest's cart (an expired hold, an offer gone at checkout),
 * kept until the guest has seen them (spec: "a guest with removed products sees a message
 * modal"; `list_customer_delete_products`, `get_customer_delete_products`, `delete_product`).
 * Other buyers are told by a notice instead (removed-line-report.ts).
 */
export function createDeletedProductRepository(engine: SqlExecutor) {
  const sql = {
    // The same on both engines (no INSERT OR REPLACE): a product removed twice is recorded anew.
    record: `INSERT INTO deleted_products
        (customer_key, key, variety_key, variety_name, inventory_key, eta_date, boxes, reason,
         created_at, line_added_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (customer_key, key) DO UPDATE SET
        variety_key = excluded.variety_key, variety_name = excluded.variety_name,
        inventory_key = excluded.inventory_key, eta_date = excluded.eta_date,
        boxes = excluded.boxes, reason = excluded.reason, created_at = excluded.created_at,
        line_added_at = excluded.line_added_at`,
    unseen: `SELECT key, variety_key, variety_name, inventory_key, eta_date, boxes, reason, created_at
      FROM deleted_products WHERE customer_key = ? ORDER BY created_at, key`,
    unseenOfLinesSince: `SELECT key, variety_key, variety_name, inventory_key, eta_date, boxes,
        reason, created_at
      FROM deleted_products WHERE customer_key = ? AND line_added_at >= ?
      ORDER BY created_at, key`,
    // Gone once seen: nothing reads a product the buyer has acknowledged.
    acknowledge: 'DELETE FROM deleted_products WHERE customer_key = ? AND key = ?',
    acknowledgeOfLineSince: `DELETE FROM deleted_products
      WHERE customer_key = ? AND key = ? AND line_added_at >= ?`,
    prune: `DELETE FROM deleted_products WHERE customer_key IN
      (SELECT key FROM customers WHERE guest = 0)`,
  };
  return {
    /** Records a product taken out of the cart line added at `lineAddedAt`. */
    async record(customerKey: string, product: DeletedProduct, lineAddedAt: number): Promise<void> {
      await engine.run(sql.record, [
        customerKey,
        product.key,
        product.variety_key,
        product.variety_name,
        product.inventory_key,
        product.eta_date,
        product.boxes,
        product.reason,
        product.created_at,
        lineAddedAt,
      ]);
    },
    /**
     * The customer's unseen products; with `linesSince`, only those of cart lines added at or
     * after it (what a session made from an email alone added itself).
     */
    list(customerKey: string, linesSince?: number): Promise<DeletedProduct[]> {
      return linesSince === undefined
        ? engine.all<DeletedProduct>(sql.unseen, [customerKey])
        : engine.all<DeletedProduct>(sql.unseenOfLinesSince, [customerKey, linesSince]);
    },
    /**
     * Forgets products the buyer has seen (with `linesSince`, only those `list` would show it),
     * in one transaction; returns how many were the caller's and still unseen.
     */
    acknowledge(
      customerKey: string,
      keys: readonly string[],
      linesSince?: number,
    ): Promise<number> {
      return engine.transaction(async (tx) => {
        let count = 0;
        for (const key of keys) {
          const done =
            linesSince === undefined
              ? await tx.run(sql.acknowledge, [customerKey, key])
              : await tx.run(sql.acknowledgeOfLineSince, [customerKey, key, linesSince]);
          count += done.changes;
        }
        return count;
      });
    },
    /**
     * Forgets the products nobody will read: those of customers who are not guests (only a
     * guest's screen shows them; a guest's own upgrade turns them into notices first). Returns
     * how many went.
     */
    async prune(): Promise<number> {
      return (await engine.run(sql.prune)).changes;
    },
  };
}
export type DeletedProductRepository = ReturnType<typeof createDeletedProductRepository>;
