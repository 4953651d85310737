import type { AnalyticsEvent } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { readAnalyticsQueue, writeAnalyticsQueue } from '../../storage/analytics-queue';
import { loadStartSchemas } from '../../storage/start-schemas-loader';

const BATCH = 50;
const FLUSH_DELAY_MS = 2_000;
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;

/**
 * Queues an analytics event and sends the queue in batches a moment later (`POST /api/event/`).
 * Never waits and never throws: offline, the events stay queued for the next flush.
 */
export function track(name: string, props: Record<string, unknown> = {}, extra = {}): void {
  const event: AnalyticsEvent = {
    props: { ...props, name },
    extra,
    // The device's screen, not the window: reading the window's size makes the browser bring
    // style and layout up to date at once, and page_view is tracked right after a route's first
    // commit, when that is most of the page (a forced recalculation of 30+ ms in the open's
    // trace, scripts/bench/main-thread-tasks.ts).
    meta: { at: Date.now(), screen: `${screen.width}x${screen.height}` },
  };
  // The queue is read with its schema, loaded beside the first screen; events keep their order.
  loadStartSchemas().then(
    (schemas) => {
      // An event the server's schema would refuse is dropped here: queued, it would make the
      // whole queue unreadable, and each batch holding it refused.
      if (!schemas.analyticsQueueSchema.safeParse([event]).success) return;
      writeAnalyticsQueue([...readAnalyticsQueue(), event]);
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), FLUSH_DELAY_MS);
    },
    () => undefined,
  );
}

async function flush(): Promise<void> {
  if (sending) return;
  const batch = readAnalyticsQueue().slice(0, BATCH);
  if (batch.length === 0) return;
  sending = true;
  const answer = await apiRequest('/api/event/', { method: 'POST', body: batch });
  sending = false;
  // A refused batch (400) would be refused again: it goes, as a sent one does. Offline or a
  // server failure, it stays for the next flush.
  if (!answer.success && answer.status !== 400) return;
  // Events queued while the batch was out stay for the next flush.
  writeAnalyticsQueue(readAnalyticsQueue().slice(batch.length));
  if (readAnalyticsQueue().length > 0) timer = setTimeout(() => void flush(), FLUSH_DELAY_MS);
}

// Not on the server, which renders a visitor's first screen (ssr/first-screen.tsx).
if (typeof window !== 'undefined') addEventListener('online', () => void flush());
