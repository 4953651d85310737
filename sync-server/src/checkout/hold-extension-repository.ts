import type { Db } from '../db/database';

/** Which holds were extended (`hold_extensions`): once per cart line per time it was added. */
export function createHoldExtensionRepository(db: Db) {
  const find = db.prepare<[string, string, number], { extended_at: number }>(
    'SELECT extended_at FROM hold_extensions WHERE customer_key = ? AND line_key = ? AND line_added_at = ?',
  );
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO hold_extensions (customer_key, line_key, line_added_at, extended_at) VALUES (?, ?, ?, ?)',
  );
  return {
    wasExtended(customerKey: string, lineKey: string, lineAddedAt: number): boolean {
      return find.get(customerKey, lineKey, lineAddedAt) !== undefined;
    },
    record(customerKey: string, lineKey: string, lineAddedAt: number, at: number): void {
      insert.run(customerKey, lineKey, lineAddedAt, at);
    },
  };
}
export type HoldExtensionRepository = ReturnType<typeof createHoldExtensionRepository>;
