import type { CustomerGrower } from '@stemline/shared';
import type { Db } from '../db/database';

/** The farms a customer prefers or has blocked (`customer_growers`). */
export function createCustomerGrowerRepository(db: Db, now: () => number) {
  const list = db.prepare<[string], CustomerGrower>(
    'SELECT grower_key, relation FROM customer_growers WHERE customer_key = ? ORDER BY relation DESC, grower_key',
  );
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO customer_growers (customer_key, grower_key, relation, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (customer_key, grower_key) DO UPDATE SET relation = excluded.relation, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string, string]>(
    'DELETE FROM customer_growers WHERE customer_key = ? AND grower_key = ?',
  );
  const customerExists = db.prepare<[string], number>('SELECT 1 FROM customers WHERE key = ?');
  const growerExists = db.prepare<[string], number>('SELECT 1 FROM growers WHERE key = ?');
  return {
    /** Preferred farms first, then blocked ones, each by farm key. */
    list: (customerKey: string): CustomerGrower[] => list.all(customerKey),
    /** True when both the customer and the farm exist. */
    bothExist: (customerKey: string, growerKey: string): boolean =>
      customerExists.get(customerKey) !== undefined && growerExists.get(growerKey) !== undefined,
    /** Sets the relation, or removes it with null. */
    set(customerKey: string, growerKey: string, relation: CustomerGrower['relation'] | null): void {
      if (relation === null) remove.run(customerKey, growerKey);
      else upsert.run(customerKey, growerKey, relation, now());
    },
  };
}
export type CustomerGrowerRepository = ReturnType<typeof createCustomerGrowerRepository>;
