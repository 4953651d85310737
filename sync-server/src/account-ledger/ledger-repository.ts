import type { StatementEntry } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

type EntryKind = 'credit' | 'payment' | 'credit_applied';

/**
 * The customer's account ledger (`account_entries`, whole cents, amounts always positive; the
 * kind gives the sign): credits (a credited claim, credit given back by a cancelled order),
 * payments, and credit an order took. Keys are made from what the entry stands for, so the same
 * claim or order can never be entered twice: a second insert under its key fails or is ignored.
 */
export function createLedgerRepository(engine: SqlExecutor) {
  const sql = {
    // PostgreSQL's SUM of a BIGINT is a NUMERIC (a string to the driver): cast back to BIGINT.
    balance: `SELECT CAST(SUM(CASE kind WHEN 'credit' THEN amount_cents WHEN 'credit_applied' THEN -amount_cents ELSE 0 END) AS BIGINT) AS cents
      FROM account_entries WHERE customer_key = ?`,
    insert:
      'INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES (?, ?, ?, ?, ?, ?)',
    insertOnce: `INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (key) DO NOTHING`,
    entries: 'SELECT kind, amount_cents, note, at FROM account_entries WHERE customer_key = ?',
  };

  return {
    /** The credit the customer can spend, in cents: credits less what orders took. */
    async balanceCents(customerKey: string): Promise<number> {
      const row = await engine.one<{ cents: number | null }>(sql.balance, [customerKey]);
      return row?.cents ?? 0;
    },
    /** A claim's credit; false when that claim was credited before (nothing written). */
    async creditClaim(
      customerKey: string,
      claimKey: string,
      cents: number,
      note: string,
      at: number,
    ): Promise<boolean> {
      const { changes } = await engine.run(sql.insertOnce, [
        `claim:${claimKey}`,
        customerKey,
        'credit',
        cents,
        note,
        at,
      ]);
      return changes > 0;
    },
    /** Credit an order took. An order takes credit once: a second call for it rejects. */
    async applyToOrder(
      customerKey: string,
      orderKey: string,
      cents: number,
      note: string,
      at: number,
    ): Promise<void> {
      await engine.run(sql.insert, [
        `applied:${customerKey}:${orderKey}`,
        customerKey,
        'credit_applied',
        cents,
        note,
        at,
      ]);
    },
    /** Credit given back when an order's credit shrank; `seq` tells the returns of one order apart. */
    async returnFromOrder(
      customerKey: string,
      orderKey: string,
      seq: number,
      cents: number,
      note: string,
      at: number,
    ): Promise<void> {
      await engine.run(sql.insert, [
        `returned:${customerKey}:${orderKey}:${seq}`,
        customerKey,
        'credit',
        cents,
        note,
        at,
      ]);
    },
    /**
     * The ledger as statement entries: credits and payments lower what is owed; credit an order
     * took raises it again (the order is charged net of it), shown among the credits.
     */
    async statementEntries(customerKey: string): Promise<StatementEntry[]> {
      const rows = await engine.all<{
        kind: EntryKind;
        amount_cents: number;
        note: string;
        at: number;
      }>(sql.entries, [customerKey]);
      return rows.map((row) => ({
        kind: row.kind === 'payment' ? 'payment' : 'credit',
        at: row.at,
        reference: row.note,
        amount_cents: row.kind === 'credit_applied' ? row.amount_cents : -row.amount_cents,
      }));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
