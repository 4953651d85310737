import type { Db } from '../db/database';

/** What a staff template mail needs of its customer: the company name and the stored preferences. */
export function createTemplateCustomerRepository(db: Db) {
  const customer = db.prepare<[string], { name: string; preferences: string }>(
    'SELECT name, preferences FROM customers WHERE key = ?',
  );
  return {
    customer(customerKey: string): { name: string; preferences: string } | undefined {
      return customer.get(customerKey);
    },
  };
}
