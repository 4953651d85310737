import { lockKey } from '../db/key-lock';
import type { SqlExecutor } from '../db/sql-engine';
import { backoffWaitMs, type BackoffRule } from './backoff';
import type { RateLimitRule } from './rate-limit-rules';

/**
 * Counts events in the database by server clock, so limits hold across restarts and across processes
 * sharing the database. Subjects are stored as given (emails lower-cased by the caller).
 */
export function createRateLimiter(engine: SqlExecutor, now: () => number) {
  return {
    /** True once `subject` has `limit` events inside the window ending now. */
    async isLimited(rule: RateLimitRule, subject: string): Promise<boolean> {
      const row = await engine.one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM rate_limit_events WHERE scope = ? AND subject = ? AND at > ?',
        [rule.scope, subject, now() - rule.windowMs],
      );
      return (row?.n ?? 0) >= rule.limit;
    },
    /** How long `subject` must still wait under a back-off rule; 0 when it may try now. */
    async waitMs(rule: BackoffRule, subject: string): Promise<number> {
      const at = now();
      const row = await engine.one<{ n: number; last: number | null }>(
        'SELECT COUNT(*) AS n, MAX(at) AS last FROM rate_limit_events WHERE scope = ? AND subject = ? AND at > ?',
        [rule.scope, subject, at - rule.windowMs],
      );
      return backoffWaitMs(rule, row?.n ?? 0, row?.last ?? null, at);
    },
    /** Records one event, dropping the subject's events that left the window. */
    record(rule: RateLimitRule | BackoffRule, subject: string): Promise<void> {
      const at = now();
      return engine.transaction(async (tx) => {
        await tx.run('DELETE FROM rate_limit_events WHERE scope = ? AND subject = ? AND at <= ?', [
          rule.scope,
          subject,
          at - rule.windowMs,
        ]);
        await tx.run('INSERT INTO rate_limit_events (scope, subject, at) VALUES (?, ?, ?)', [
          rule.scope,
          subject,
          at,
        ]);
      });
    },
    /**
     * Runs `work` in one transaction that holds the lock of each subject, so a check and the
     * record it leads to are one step across nodes: two requests on two nodes cannot both find
     * the last free slot under a cap. Keep I/O (sending the mail) out of `work`.
     */
    serially<T>(subjects: readonly string[], work: () => Promise<T>): Promise<T> {
      // Always taken in one order, so two callers locking overlapping subjects cannot deadlock.
      const keys = [...new Set(subjects)].sort();
      return engine.transaction(async (tx) => {
        for (const subject of keys) await lockKey(tx, `rate:${subject}`);
        return work();
      });
    },
    /** Forgets a subject's events (a successful log-in clears its account's failures). */
    async clear(rule: RateLimitRule | BackoffRule, subject: string): Promise<void> {
      await engine.run('DELETE FROM rate_limit_events WHERE scope = ? AND subject = ?', [
        rule.scope,
        subject,
      ]);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
