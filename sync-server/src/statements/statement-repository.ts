import type { SqlExecutor } from '../db/sql-engine';

/** What a statement is built from: a customer's orders (charges) and its credits and payments. */
export function createStatementRepository(engine: SqlExecutor) {
  return {
    /** Orders that were not cancelled, with their totals in cents. */
    charges: (customerKey: string) =>
      engine.all<{ number: string; total_cents: number; created_at: number }>(
        `SELECT number, total_cents, created_at FROM orders
         WHERE customer_key = ? AND deleted = 0 AND status != 'cancelled'`,
        [customerKey],
      ),
    /** Credits and payments (`account_entries`, in cents). */
    entries: (customerKey: string) =>
      engine.all<{
        key: string;
        kind: 'credit' | 'payment';
        amount_cents: number;
        note: string;
        at: number;
      }>('SELECT key, kind, amount_cents, note, at FROM account_entries WHERE customer_key = ?', [
        customerKey,
      ]),
  };
}
export type StatementRepository = ReturnType<typeof createStatementRepository>;
