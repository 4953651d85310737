import type { Db } from '../db/database';

/** What a statement is built from: a customer's orders (charges) and its credits and payments. */
export function createStatementRepository(db: Db) {
  const orders = db.prepare<[string], { number: string; total: number; created_at: number }>(
    `SELECT number, total, created_at FROM orders
     WHERE customer_key = ? AND deleted = 0 AND status != 'cancelled'`,
  );
  const entries = db.prepare<
    [string],
    { key: string; kind: 'credit' | 'payment'; amount_cents: number; note: string; at: number }
  >('SELECT key, kind, amount_cents, note, at FROM account_entries WHERE customer_key = ?');
  return {
    /** Orders that were not cancelled, with their stored (REAL dollars) totals. */
    charges: (customerKey: string) => orders.all(customerKey),
    /** Credits and payments (`account_entries`, in cents). */
    entries: (customerKey: string) => entries.all(customerKey),
  };
}
export type StatementRepository = ReturnType<typeof createStatementRepository>;
