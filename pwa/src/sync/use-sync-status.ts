import { useSyncExternalStore } from 'react';
import { syncStatusStore, type SyncStatus } from './sync-status';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatusStore.subscribe, syncStatusStore.get, syncStatusStore.get);
}

/**
 * Whether the server is reachable. Unlike `useSyncStatus`, it re-renders only when that changes,
 * not at the start and end of every sync cycle: for large views that only need to know this.
 */
export function useSyncReachable(): boolean {
  const reachable = (): boolean => syncStatusStore.get().reachable;
  return useSyncExternalStore(syncStatusStore.subscribe, reachable, reachable);
}
