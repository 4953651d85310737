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
