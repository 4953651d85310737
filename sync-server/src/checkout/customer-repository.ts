import type { SqlExecutor } from '../db/sql-engine';

export interface BuyingCustomer {
  key: string;
  guest: boolean;
  n_orders: number;
  first_purchase_date: number | null;
  /** The referral the customer signed up with, or null. */
  referral: string | null;
  /** Preference `email_verified` (spec §4): the verification link was followed. */
  email_verified: boolean;
  /** `actual_address`: JSON text of the delivery address chosen for the order, or null. */
  actual_address: string | null;
}

/** What checkout reads and writes on the customer record. */
export function createCustomerRepository(engine: SqlExecutor) {
  const sql = {
    byKey: `SELECT guest, n_orders, first_purchase_date, referral, preferences, actual_address
      FROM customers WHERE key = ?`,
    recordPurchase:
      'UPDATE customers SET n_orders = n_orders + 1, first_purchase_date = COALESCE(first_purchase_date, ?) WHERE key = ?',
  };
  return {
    async get(key: string): Promise<BuyingCustomer | undefined> {
      const row = await engine.one<Record<string, unknown>>(sql.byKey, [key]);
      if (!row) return undefined;
      return {
        key,
        guest: row.guest === 1,
        n_orders: typeof row.n_orders === 'number' ? row.n_orders : 0,
        first_purchase_date:
          typeof row.first_purchase_date === 'number' ? row.first_purchase_date : null,
        referral:
          typeof row.referral === 'string' && row.referral.trim() !== '' ? row.referral : null,
        email_verified: emailVerified(row.preferences),
        actual_address: typeof row.actual_address === 'string' ? row.actual_address : null,
      };
    },
    /** Counts one more order; the first one sets `first_purchase_date` (yyyyMMdd at the market). */
    async recordPurchase(key: string, purchaseDate: number): Promise<void> {
      await engine.run(sql.recordPurchase, [purchaseDate, key]);
    },
  };
}

function emailVerified(preferences: unknown): boolean {
  if (typeof preferences !== 'string') return false;
  try {
    return (JSON.parse(preferences) as { email_verified?: unknown }).email_verified === true;
  } catch {
    return false;
  }
}
