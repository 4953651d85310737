import { useSyncExternalStore } from 'react';
import { syncStatusStore, type SyncStatus } from './sync-status';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatusStore.subscribe, syncStatusStore.get);
}
