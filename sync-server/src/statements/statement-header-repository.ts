import type { Db } from '../db/database';

/** What a printed statement says about its customer, read from `customers`. */
export function createStatementHeaderRepository(db: Db) {
  const company = db.prepare<[string], string>('SELECT name FROM customers WHERE key = ?').pluck();
  return {
    /** The customer's company name; undefined for an unknown customer. */
    companyName(customerKey: string): string | undefined {
      return company.get(customerKey);
    },
  };
}
