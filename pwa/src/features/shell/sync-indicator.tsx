import { useSyncStatus } from '../../sync/use-sync-status';
import { StatusPill } from '../../ui';

/** The always-visible connection and sync state, in the app's one visual language for it. */
export function SyncIndicator({ pendingCount }: { pendingCount: number }) {
  const status = useSyncStatus();
  const pending = pendingCount > 0 ? ` · ${pendingCount} pending` : '';
  return (
    <div className="sync-indicator" role="status" aria-live="polite" data-testid="sync-status">
      {!status.reachable ? (
        <StatusPill status="offline">Offline{pending}</StatusPill>
      ) : status.syncing || pendingCount > 0 ? (
        <StatusPill status={pendingCount > 0 ? 'pending' : 'syncing'}>Syncing{pending}</StatusPill>
      ) : (
        <StatusPill status="online">Online · synced</StatusPill>
      )}
    </div>
  );
}
