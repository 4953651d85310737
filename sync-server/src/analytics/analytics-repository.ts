import type { SqlExecutor } from '../db/sql-engine';

/** One analytics event as the app sends it, with who sent it and from where. */
export interface AnalyticsEvent {
  name: string;
  customerKey: string | null;
  userKey: string | null;
  ip: string;
  props: unknown;
  extra: unknown;
  meta: unknown;
  at: number;
}

/** The `analytics_events` table: written in batches, read back by name and time. */
export function createAnalyticsRepository(engine: SqlExecutor) {
  return {
    /** Stores a batch of events, all or none. */
    addAll(events: readonly AnalyticsEvent[]): Promise<void> {
      return engine.transaction(async (tx) => {
        for (const event of events) {
          await tx.run(
            `INSERT INTO analytics_events (name, customer_key, user_key, ip, props, extra, meta, at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              event.name,
              event.customerKey,
              event.userKey,
              event.ip,
              JSON.stringify(event.props),
              JSON.stringify(event.extra),
              JSON.stringify(event.meta),
              event.at,
            ],
          );
        }
      });
    },
    /** Name and time of every event at or after `at`, oldest first. */
    since(at: number): Promise<{ name: string; at: number }[]> {
      return engine.all('SELECT name, at FROM analytics_events WHERE at >= ? ORDER BY at', [at]);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
