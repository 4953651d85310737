import { z } from 'zod';
import type { Db } from '../db/database';

export const deletedProductSchema = z.object({
  key: z.string(),
  variety_key: z.string(),
  variety_name: z.string(),
  inventory_key: z.number().int(),
  eta_date: z.number().int(),
  boxes: z.number().int(),
  reason: z.enum(['reservation_expired', 'unavailable']),
  created_at: z.number().int(),
});
export type DeletedProduct = z.infer<typeof deletedProductSchema>;

/**
 * Products the server took out of a customer's cart (an expired hold, an offer gone at
 * checkout), kept until the buyer has seen them (spec: "a guest with removed products sees a
 * message modal"; `list_customer_delete_products`, `get_customer_delete_products`,
 * `delete_product`).
 */
export function createDeletedProductRepository(db: Db) {
  const insert = db.prepare(
    `INSERT OR REPLACE INTO deleted_products
       (customer_key, key, variety_key, variety_name, inventory_key, eta_date, boxes, reason, created_at, acknowledged)
     VALUES (@customer_key, @key, @variety_key, @variety_name, @inventory_key, @eta_date, @boxes, @reason, @created_at, 0)`,
  );
  const unacknowledged = db.prepare<[string], DeletedProduct>(
    `SELECT key, variety_key, variety_name, inventory_key, eta_date, boxes, reason, created_at
     FROM deleted_products WHERE customer_key = ? AND acknowledged = 0 ORDER BY created_at, key`,
  );
  const acknowledge = db.prepare<[string, string]>(
    'UPDATE deleted_products SET acknowledged = 1 WHERE customer_key = ? AND key = ?',
  );
  const acknowledgeAll = db.transaction((customerKey: string, keys: readonly string[]) =>
    keys.reduce((count, key) => count + acknowledge.run(customerKey, key).changes, 0),
  );
  return {
    record(customerKey: string, product: DeletedProduct): void {
      insert.run({ customer_key: customerKey, ...product });
    },
    list(customerKey: string): DeletedProduct[] {
      return unacknowledged.all(customerKey);
    },
    /** Marks products as seen; returns how many were the caller's and still unseen. */
    acknowledge(customerKey: string, keys: readonly string[]): number {
      return acknowledgeAll(customerKey, keys);
    },
  };
}
export type DeletedProductRepository = ReturnType<typeof createDeletedProductRepository>;
