import type { SqlExecutor } from '../db/sql-engine';

/** Which holds were extended (`hold_extensions`): once per cart line per time it was added. */
export function createHoldExtensionRepository(engine: SqlExecutor) {
  const sql = {
    find: 'SELECT extended_at FROM hold_extensions WHERE customer_key = ? AND line_key = ? AND line_added_at = ?',
    record:
      'INSERT INTO hold_extensions (customer_key, line_key, line_added_at, extended_at) VALUES (?, ?, ?, ?)',
  };
  return {
    async wasExtended(customerKey: string, lineKey: string, lineAddedAt: number): Promise<boolean> {
      const row = await engine.one(sql.find, [customerKey, lineKey, lineAddedAt]);
      return row !== undefined;
    },
    async record(customerKey: string, lineKey: string, lineAddedAt: number, at: number) {
      await engine.run(sql.record, [customerKey, lineKey, lineAddedAt, at]);
    },
  };
}
export type HoldExtensionRepository = ReturnType<typeof createHoldExtensionRepository>;
