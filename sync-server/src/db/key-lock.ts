import type { SqlExecutor } from './sql-engine';

/**
 * Holds a lock named `key` until the transaction `tx` ends, so work that reads and then writes
 * one account's rows (a cap, a counter, a cart line) runs one transaction at a time across every
 * node. PostgreSQL: a transaction-level advisory lock; a second transaction asking for the same
 * key waits for the first to commit or roll back (or for its node's connection to drop), then
 * reads what it wrote. SQLite: nothing to take, since every transaction already holds the write
 * lock from its BEGIN IMMEDIATE. Call inside a transaction; outside one the lock would end with
 * the statement.
 */
export async function lockKey(tx: SqlExecutor, key: string): Promise<void> {
  if (tx.kind === 'postgres') await tx.one('SELECT pg_advisory_xact_lock(hashtext(?))', [key]);
}

/** The lock of one customer's cart and pushed mutations. */
export function customerLockKey(customerKey: string): string {
  return `customer:${customerKey}`;
}

/**
 * Takes the locks of several customers, always in one order (their keys by UTF-16 code units,
 * JavaScript's sort), whatever order the caller found them in: two transactions that each lock
 * several of the same customers then queue instead of deadlocking. The database's own ORDER BY is
 * no such order: PostgreSQL sorts by the column's collation, which may ignore punctuation.
 */
export async function lockCustomers(
  tx: SqlExecutor,
  customerKeys: Iterable<string>,
): Promise<void> {
  for (const customerKey of [...new Set(customerKeys)].sort())
    await lockKey(tx, customerLockKey(customerKey));
}
