import {
  blockedFarmsKey,
  type CatalogDeltaAnswer,
  type CatalogQuery,
  type FarmPreferences,
  type SearchIndex,
  type SearchText,
} from '@stemline/shared';
import type { CatalogPreview } from './catalog-preview';
import {
  unpackSearchIndexSteps,
  type CatalogWorkerAnswer,
  type CatalogWorkerRequest,
  type PackedSearchIndex,
} from './catalog-worker-protocol';
import { runInSlices } from './run-in-slices';

let worker: Worker | null | undefined;
let nextId = 1;
const firstScreens = new Map<number, (preview: CatalogPreview | null) => void>();
const indexes = new Map<number, (index: PackedSearchIndex | null) => void>();
const patches = new Map<number, (data: ArrayBuffer | null) => void>();

function catalogWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./catalog.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CatalogWorkerAnswer>) => {
      const answer = event.data;
      if (answer.kind === 'first-screen') {
        firstScreens.get(answer.id)?.(answer.preview);
        firstScreens.delete(answer.id);
      } else if (answer.kind === 'patch') {
        patches.get(answer.id)?.(answer.data);
        patches.delete(answer.id);
      } else {
        indexes.get(answer.id)?.(answer.index);
        indexes.delete(answer.id);
      }
    };
    // A worker that cannot start or fails: every request answers null, the page works in-thread.
    worker.onerror = () => {
      for (const settle of firstScreens.values()) settle(null);
      for (const settle of indexes.values()) settle(null);
      for (const settle of patches.values()) settle(null);
      firstScreens.clear();
      indexes.clear();
      patches.clear();
      worker?.terminate();
      worker = null;
    };
  } catch {
    worker = null;
  }
  return worker;
}

function post(request: CatalogWorkerRequest): boolean {
  const target = catalogWorker();
  if (!target) return false;
  target.postMessage(request);
  return true;
}

function unpacked(index: Promise<PackedSearchIndex | null>): Promise<SearchIndex | null> {
  return index.then((packed) => (packed ? runInSlices(unpackSearchIndexSteps(packed)) : null));
}

/** Search indexes the worker is building from a copy's bytes, by the blocked farms left out. */
const indexesOfCopies = new WeakMap<ArrayBuffer, Map<string, Promise<SearchIndex | null>>>();

/**
 * Asks the catalogue worker (catalog.worker.ts) for the first screen of `query` on the compact
 * snapshot `data` (a copy is sent). Resolves null without a worker, or when it fails or cannot
 * read the bytes: the page then waits for its own model. The worker goes on to build the
 * search index of the same model, which `searchIndexOfCopy` then answers.
 */
export function requestFirstScreen(
  data: ArrayBuffer,
  options: {
    hidePrices: boolean;
    farms: FarmPreferences;
    query: CatalogQuery;
    favorites: ReadonlySet<string>;
    count: number;
  },
): Promise<CatalogPreview | null> {
  const id = nextId++;
  const firstScreen = new Promise<CatalogPreview | null>((resolve) => {
    firstScreens.set(id, resolve);
  });
  const index = new Promise<PackedSearchIndex | null>((resolve) => indexes.set(id, resolve));
  if (!post({ kind: 'first-screen', id, data, ...options })) {
    firstScreens.delete(id);
    indexes.delete(id);
    return Promise.resolve(null);
  }
  let byFarms = indexesOfCopies.get(data);
  if (!byFarms) {
    byFarms = new Map();
    indexesOfCopies.set(data, byFarms);
  }
  byFarms.set(blockedFarmsKey(options.farms), unpacked(index));
  return firstScreen;
}

/**
 * The search index the worker builds after the first screen of `data` (requestFirstScreen), for
 * a model with the same blocked farms; undefined when it was not asked for one.
 */
export function searchIndexOfCopy(
  data: ArrayBuffer,
  farms: FarmPreferences,
): Promise<SearchIndex | null> | undefined {
  return indexesOfCopies.get(data)?.get(blockedFarmsKey(farms));
}

/**
 * The search index of `documents` (called only when there is a worker), built by the catalogue
 * worker, so that the page's main thread stays free for frames and taps. Null when the browser
 * has no module workers or the worker failed: the caller builds the index itself then (the same
 * function, the same index).
 */
export function buildSearchIndexInWorker(
  documents: () => readonly (readonly SearchText[])[],
): Promise<SearchIndex | null> {
  const id = nextId++;
  const index = new Promise<PackedSearchIndex | null>((resolve) => indexes.set(id, resolve));
  if (!post({ kind: 'search-index', id, documents: documents() })) {
    indexes.delete(id);
    return Promise.resolve(null);
  }
  return unpacked(index);
}

/**
 * A stored copy's bytes patched by `delta` and encoded again, by the catalogue worker (a copy of
 * `data` is sent). Null without a worker, or when it cannot read or patch them: the caller then
 * encodes its patched snapshot itself.
 */
export function patchInWorker(
  data: ArrayBuffer,
  delta: CatalogDeltaAnswer,
): Promise<ArrayBuffer | null> {
  const id = nextId++;
  const patched = new Promise<ArrayBuffer | null>((resolve) => patches.set(id, resolve));
  if (!post({ kind: 'patch', id, data, delta })) {
    patches.delete(id);
    return Promise.resolve(null);
  }
  return patched;
}
