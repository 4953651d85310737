import type { StatementEntry } from '@stemline/shared';
import type { Db } from '../db/database';

type EntryKind = 'credit' | 'payment' | 'credit_applied';

/**
 * The customer's account ledger (`account_entries`, whole cents, amounts always positive; the
 * kind gives the sign): credits (a credited claim, credit given back by a cancelled order),
 * payments, and credit an order took. Keys are made from what the entry stands for, so the same
 * claim or order can never be entered twice: a second insert under its key fails or is ignored.
 */
export function createLedgerRepository(db: Db) {
  const balance = db.prepare<[string], { cents: number | null }>(
    `SELECT SUM(CASE kind WHEN 'credit' THEN amount_cents WHEN 'credit_applied' THEN -amount_cents ELSE 0 END) AS cents
     FROM account_entries WHERE customer_key = ?`,
  );
  const insert = db.prepare<[string, string, EntryKind, number, string, number]>(
    'INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertOnce = db.prepare<[string, string, EntryKind, number, string, number]>(
    `INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO NOTHING`,
  );
  const entries = db.prepare<
    [string],
    { kind: EntryKind; amount_cents: number; note: string; at: number }
  >('SELECT kind, amount_cents, note, at FROM account_entries WHERE customer_key = ?');

  return {
    /** The credit the customer can spend, in cents: credits less what orders took. */
    balanceCents(customerKey: string): number {
      return balance.get(customerKey)?.cents ?? 0;
    },
    /** A claim's credit; false when that claim was credited before (nothing written). */
    creditClaim(customerKey: string, claimKey: string, cents: number, note: string, at: number) {
      return (
        insertOnce.run(`claim:${claimKey}`, customerKey, 'credit', cents, note, at).changes > 0
      );
    },
    /** Credit an order took. An order takes credit once: a second call for it throws. */
    applyToOrder(customerKey: string, orderKey: string, cents: number, note: string, at: number) {
      insert.run(
        `applied:${customerKey}:${orderKey}`,
        customerKey,
        'credit_applied',
        cents,
        note,
        at,
      );
    },
    /** Credit given back when an order's credit shrank; `seq` tells the returns of one order apart. */
    returnFromOrder(
      customerKey: string,
      orderKey: string,
      seq: number,
      cents: number,
      note: string,
      at: number,
    ) {
      insert.run(
        `returned:${customerKey}:${orderKey}:${seq}`,
        customerKey,
        'credit',
        cents,
        note,
        at,
      );
    },
    /**
     * The ledger as statement entries: credits and payments lower what is owed; credit an order
     * took raises it again (the order is charged net of it), shown among the credits.
     */
    statementEntries(customerKey: string): StatementEntry[] {
      return entries.all(customerKey).map((row) => ({
        kind: row.kind === 'payment' ? 'payment' : 'credit',
        at: row.at,
        reference: row.note,
        amount_cents: row.kind === 'credit_applied' ? row.amount_cents : -row.amount_cents,
      }));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
