/**
 * PostgreSQL's codes for a transaction it aborted to keep its guarantees (serialization_failure,
 * deadlock_detected): running the whole transaction again is safe, and the PostgreSQL engine
 * does so when such an error leaves the transaction.
 */
const ABORT_CODES = new Set(['40001', '40P01']);

/**
 * True for an error that must leave the transaction so the engine runs it again, rather than be
 * caught part-way as one step's failure (the push keeps the mutations before a failing one).
 */
export function isTransactionAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ABORT_CODES.has(code);
}
