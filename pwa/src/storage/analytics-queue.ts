/**
 * Analytics events waiting to be sent (localStorage, one key: `stemline.analytics.queue`): what
 * `POST /api/event/` has not taken yet, so page views made offline go out later. Capped at 200
 * events, oldest dropped first; a full quota only loses analytics, never a screen.
 */
import type { AnalyticsEvent } from '@stemline/shared';
import { startSchemas } from './start-schemas-loader';

const KEY = 'stemline.analytics.queue';
const MAX_QUEUED = 200;

/**
 * The queued events. Read with their schema, which loads beside the first screen (issue 28):
 * until it has, none (callers that add to the queue wait for `loadStartSchemas`).
 */
export function readAnalyticsQueue(): AnalyticsEvent[] {
  const schemas = startSchemas();
  if (!schemas) return [];
  try {
    const parsed = schemas.analyticsQueueSchema.safeParse(
      JSON.parse(localStorage.getItem(KEY) ?? '[]'),
    );
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function writeAnalyticsQueue(events: readonly AnalyticsEvent[]): void {
  try {
    if (events.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(events.slice(-MAX_QUEUED)));
  } catch {
    // Quota full: analytics are lost, nothing else.
  }
}
