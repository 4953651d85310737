import type { SqlExecutor } from '../db/sql-engine';

/** A customer's stored preferences (JSON text) and what decides which of them it may set. */
export interface PreferenceRow {
  guest: boolean;
  nOrders: number;
  preferencesText: string;
}

/** The `customers.preferences` column. */
export function createPreferenceRepository(engine: SqlExecutor) {
  return {
    async get(customerKey: string): Promise<PreferenceRow | undefined> {
      const row = await engine.one<{ guest: number; n_orders: number; preferences: string }>(
        'SELECT guest, n_orders, preferences FROM customers WHERE key = ?',
        [customerKey],
      );
      return (
        row && { guest: row.guest === 1, nOrders: row.n_orders, preferencesText: row.preferences }
      );
    },
    /** A log-in (spec §3): `last_login` on the customer, with its preferences as given. */
    async recordLogin(customerKey: string, at: number, preferences: object): Promise<void> {
      await engine.run('UPDATE customers SET last_login = ?, preferences = ? WHERE key = ?', [
        at,
        JSON.stringify(preferences),
        customerKey,
      ]);
    },
    async set(customerKey: string, preferences: object): Promise<void> {
      await engine.run('UPDATE customers SET preferences = ? WHERE key = ?', [
        JSON.stringify(preferences),
        customerKey,
      ]);
    },
  };
}
export type PreferenceRepository = ReturnType<typeof createPreferenceRepository>;
