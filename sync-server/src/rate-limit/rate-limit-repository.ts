import type { Db } from '../db/database';
import { backoffWaitMs, type BackoffRule } from './backoff';
import type { RateLimitRule } from './rate-limit-rules';

/**
 * Counts events in SQLite by server clock, so limits hold across restarts and across processes
 * sharing the database. Subjects are stored as given (emails lower-cased by the caller).
 */
export function createRateLimiter(db: Db, now: () => number) {
  const count = db.prepare<[string, string, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM rate_limit_events WHERE scope = ? AND subject = ? AND at > ?',
  );
  const insert = db.prepare<[string, string, number]>(
    'INSERT INTO rate_limit_events (scope, subject, at) VALUES (?, ?, ?)',
  );
  const pruneSubject = db.prepare<[string, string, number]>(
    'DELETE FROM rate_limit_events WHERE scope = ? AND subject = ? AND at <= ?',
  );
  const failures = db.prepare<[string, string, number], { n: number; last: number | null }>(
    'SELECT COUNT(*) AS n, MAX(at) AS last FROM rate_limit_events WHERE scope = ? AND subject = ? AND at > ?',
  );
  const clearSubject = db.prepare<[string, string]>(
    'DELETE FROM rate_limit_events WHERE scope = ? AND subject = ?',
  );
  const record = db.transaction(
    (rule: RateLimitRule | BackoffRule, subject: string, at: number) => {
      pruneSubject.run(rule.scope, subject, at - rule.windowMs);
      insert.run(rule.scope, subject, at);
    },
  );
  return {
    /** True once `subject` has `limit` events inside the window ending now. */
    isLimited(rule: RateLimitRule, subject: string): boolean {
      return (count.get(rule.scope, subject, now() - rule.windowMs)?.n ?? 0) >= rule.limit;
    },
    /** How long `subject` must still wait under a back-off rule; 0 when it may try now. */
    waitMs(rule: BackoffRule, subject: string): number {
      const at = now();
      const row = failures.get(rule.scope, subject, at - rule.windowMs);
      return backoffWaitMs(rule, row?.n ?? 0, row?.last ?? null, at);
    },
    /** Records one event, dropping the subject's events that left the window. */
    record(rule: RateLimitRule | BackoffRule, subject: string): void {
      record(rule, subject, now());
    },
    /** Forgets a subject's events (a successful log-in clears its account's failures). */
    clear(rule: RateLimitRule | BackoffRule, subject: string): void {
      clearSubject.run(rule.scope, subject);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
