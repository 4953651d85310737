import type { Db } from '../db/database';

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
export function createAnalyticsRepository(db: Db) {
  const insert = db.prepare<
    [string, string | null, string | null, string, string, string, string, number]
  >(
    `INSERT INTO analytics_events (name, customer_key, user_key, ip, props, extra, meta, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const since = db.prepare<[number], { name: string; at: number }>(
    'SELECT name, at FROM analytics_events WHERE at >= ? ORDER BY at',
  );
  const addAll = db.transaction((events: readonly AnalyticsEvent[]) => {
    for (const event of events) {
      insert.run(
        event.name,
        event.customerKey,
        event.userKey,
        event.ip,
        JSON.stringify(event.props),
        JSON.stringify(event.extra),
        JSON.stringify(event.meta),
        event.at,
      );
    }
  });
  return {
    /** Stores a batch of events, all or none. */
    addAll(events: readonly AnalyticsEvent[]): void {
      addAll(events);
    },
    /** Name and time of every event at or after `at`, oldest first. */
    since(at: number): { name: string; at: number }[] {
      return since.all(at);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
