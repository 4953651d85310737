import type { SearchIndex, SearchText } from '@stemline/shared';
import type { SearchIndexAnswer, SearchIndexRequest } from './search-index-protocol';

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (index: SearchIndex | null) => void>();

function searchWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./search-index.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<SearchIndexAnswer>) => {
      waiting.get(event.data.id)?.(event.data.index);
      waiting.delete(event.data.id);
    };
    // A worker that cannot start or fails: every request answers null, the page builds in-thread.
    worker.onerror = () => {
      for (const settle of waiting.values()) settle(null);
      waiting.clear();
      worker?.terminate();
      worker = null;
    };
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * The search index of `documents`, built by a Web Worker (search-index.worker.ts), so that the
 * page's main thread stays free for frames and taps. Null when the browser has no module workers
 * or the worker failed: the caller builds the index itself then (the same function, the same
 * index).
 */
export function buildSearchIndexInWorker(
  documents: readonly (readonly SearchText[])[],
): Promise<SearchIndex | null> {
  const target = searchWorker();
  if (!target) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    const request: SearchIndexRequest = { id, documents };
    target.postMessage(request);
  });
}
