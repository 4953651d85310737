/**
 * What the status bar shows: whether the server is reachable, whether a sync is running, and
 * the last problem. Pending counts come from the outbox itself (see use-outbox).
 */
export interface SyncStatus {
  reachable: boolean;
  syncing: boolean;
  lastSyncedAt: number | null;
  lastError: string | null;
}

let status: SyncStatus = {
  // The server renders a visitor's first screen (ssr/first-screen.tsx) as online.
  reachable: typeof navigator === 'undefined' || navigator.onLine,
  syncing: false,
  lastSyncedAt: null,
  lastError: null,
};
const listeners = new Set<() => void>();

export const syncStatusStore = {
  get: (): SyncStatus => status,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch };
    listeners.forEach((listener) => listener());
  },
};

// Not on the server, which renders a visitor's first screen (ssr/first-screen.tsx).
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => syncStatusStore.update({ reachable: true }));
  window.addEventListener('offline', () => syncStatusStore.update({ reachable: false }));
}
