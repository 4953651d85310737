import type { SqlExecutor } from '../db/sql-engine';

/** What a printed statement says about its customer, read from `customers`. */
export function createStatementHeaderRepository(engine: SqlExecutor) {
  return {
    /** The customer's company name; undefined for an unknown customer. */
    async companyName(customerKey: string): Promise<string | undefined> {
      const row = await engine.one<{ name: string }>('SELECT name FROM customers WHERE key = ?', [
        customerKey,
      ]);
      return row?.name;
    },
  };
}
