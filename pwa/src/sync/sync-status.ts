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
  reachable: navigator.onLine,
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

window.addEventListener('online', () => syncStatusStore.update({ reachable: true }));
window.addEventListener('offline', () => syncStatusStore.update({ reachable: false }));
