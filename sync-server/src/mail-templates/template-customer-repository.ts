import type { SqlExecutor } from '../db/sql-engine';

/** What a staff template mail needs of its customer: the company name and the stored preferences. */
export function createTemplateCustomerRepository(engine: SqlExecutor) {
  return {
    customer(customerKey: string): Promise<{ name: string; preferences: string } | undefined> {
      return engine.one('SELECT name, preferences FROM customers WHERE key = ?', [customerKey]);
    },
  };
}
