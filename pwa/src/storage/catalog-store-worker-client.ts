import type { CatalogRecord } from './catalog-record';
import type { StoreAnswer, StoreRequest } from './catalog-store-protocol';

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, (answer: StoreAnswer | null) => void>();

function storeWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./catalog-store.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<StoreAnswer>) => {
      pending.get(event.data.id)?.(event.data);
      pending.delete(event.data.id);
    };
    // A worker that cannot start or fails: its requests answer null and the page stores them.
    worker.onerror = () => {
      for (const settle of pending.values()) settle(null);
      pending.clear();
      worker?.terminate();
      worker = null;
    };
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Stores `record` by the catalogue store worker (a copy of its bytes is sent). Resolves true once
 * stored; false without a worker, or when the worker failed: the caller then stores it itself.
 * Rejects with the store's error (a full disk: its name is QuotaExceededError).
 */
export async function storeRecordInWorker(record: CatalogRecord): Promise<boolean> {
  const target = typeof Worker === 'function' ? storeWorker() : null;
  if (!target) return false;
  const id = nextId++;
  const answered = new Promise<StoreAnswer | null>((resolve) => pending.set(id, resolve));
  target.postMessage({ id, record } satisfies StoreRequest);
  const answer = await answered;
  if (!answer) return false;
  if (answer.error) {
    const error = new Error(answer.error.message);
    error.name = answer.error.name;
    throw error;
  }
  return true;
}
