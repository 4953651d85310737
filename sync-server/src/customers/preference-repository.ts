import type { Db } from '../db/database';

/** A customer's stored preferences (JSON text) and what decides which of them it may set. */
export interface PreferenceRow {
  guest: boolean;
  nOrders: number;
  preferencesText: string;
}

/** The `customers.preferences` column. */
export function createPreferenceRepository(db: Db) {
  const read = db.prepare<[string], { guest: number; n_orders: number; preferences: string }>(
    'SELECT guest, n_orders, preferences FROM customers WHERE key = ?',
  );
  const write = db.prepare<[string, string]>('UPDATE customers SET preferences = ? WHERE key = ?');
  return {
    get(customerKey: string): PreferenceRow | undefined {
      const row = read.get(customerKey);
      return (
        row && { guest: row.guest === 1, nOrders: row.n_orders, preferencesText: row.preferences }
      );
    },
    set(customerKey: string, preferences: object): void {
      write.run(JSON.stringify(preferences), customerKey);
    },
  };
}
export type PreferenceRepository = ReturnType<typeof createPreferenceRepository>;
