/** One server-sent event; comment lines (heartbeats) are skipped. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface EventStreamReader {
  status: number;
  contentType: string | null;
  /** True once the server has ended the stream. */
  readonly ended: boolean;
  /** The next event, or null when none arrives within `timeoutMs` or the stream ended. */
  next(timeoutMs?: number): Promise<StreamEvent | null>;
  /**
   * The next event `matches` accepts, the others before it read and dropped; null as `next`.
   * A poke of a write made before the stream opened can still arrive after it did (on
   * PostgreSQL every poke, a node's own too, comes back through LISTEN).
   */
  nextMatching(
    matches: (event: StreamEvent) => boolean,
    timeoutMs?: number,
  ): Promise<StreamEvent | null>;
  close(): Promise<void>;
}

/**
 * Opens an event stream with fetch and reads it event by event. A read that times out stays
 * pending and is picked up by the next call, so no bytes are lost between calls.
 */
export async function openEventStream(url: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: { Accept: 'text/event-stream' },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let pending: ReturnType<NonNullable<typeof reader>['read']> | undefined;
  let ended = false;

  function takeEvent(): StreamEvent | null | undefined {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return undefined;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice('event: '.length);
        else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
      }
      if (data.length > 0) return { event, data: JSON.parse(data.join('\n')) as unknown };
    }
  }

  const stream: EventStreamReader = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    get ended() {
      return ended;
    },
    async next(timeoutMs = 2_000) {
      if (!reader) return null;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = takeEvent();
        if (ready) return ready;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return null;
        pending ??= reader.read();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), remaining);
        });
        const result = await Promise.race([pending, timedOut]);
        clearTimeout(timer);
        if (result === 'timeout') return null;
        pending = undefined;
        if (result.done) {
          ended = true;
          return null;
        }
        buffer += decoder.decode(result.value as Uint8Array, { stream: true });
      }
    },
    async nextMatching(matches, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await stream.next(Math.max(0, deadline - Date.now()));
        if (event === null || matches(event)) return event;
      }
    },
    async close() {
      controller.abort();
      await reader?.cancel().catch(() => undefined);
      await pending?.catch(() => undefined);
    },
  };
  return stream;
}

/** Whether an event is a poke that names `collection`. */
export function pokeNaming(collection: string): (event: StreamEvent) => boolean {
  return (event) => {
    const named = (event.data as { collections?: unknown } | null)?.collections;
    return event.event === 'poke' && Array.isArray(named) && named.includes(collection);
  };
}
