import type { CustomerGrower } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

/** The farms a customer prefers or has blocked (`customer_growers`). */
export function createCustomerGrowerRepository(engine: SqlExecutor, now: () => number) {
  const exists = async (sql: string, key: string) => (await engine.one(sql, [key])) !== undefined;
  return {
    /** Preferred farms first, then blocked ones, each by farm key. */
    list: (customerKey: string): Promise<CustomerGrower[]> =>
      engine.all<CustomerGrower>(
        'SELECT grower_key, relation FROM customer_growers WHERE customer_key = ? ORDER BY relation DESC, grower_key',
        [customerKey],
      ),
    /** True when both the customer and the farm exist. */
    bothExist: async (customerKey: string, growerKey: string): Promise<boolean> =>
      (await exists('SELECT 1 AS found FROM customers WHERE key = ?', customerKey)) &&
      exists('SELECT 1 AS found FROM growers WHERE key = ?', growerKey),
    /** Sets the relation, or removes it with null. */
    async set(
      customerKey: string,
      growerKey: string,
      relation: CustomerGrower['relation'] | null,
    ): Promise<void> {
      if (relation === null)
        await engine.run('DELETE FROM customer_growers WHERE customer_key = ? AND grower_key = ?', [
          customerKey,
          growerKey,
        ]);
      else
        await engine.run(
          `INSERT INTO customer_growers (customer_key, grower_key, relation, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (customer_key, grower_key) DO UPDATE SET relation = excluded.relation, updated_at = excluded.updated_at`,
          [customerKey, growerKey, relation, now()],
        );
    },
  };
}
export type CustomerGrowerRepository = ReturnType<typeof createCustomerGrowerRepository>;
