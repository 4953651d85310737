import { useSyncStatus } from '../../sync/use-sync-status';
import { StatusPill } from '../../ui';

/** The always-visible connection and sync state, in the app's one visual language for it. */
export function SyncIndicator({ pendingCount }: { pendingCount: number }) {
  const status = useSyncStatus();
  const pending = pendingCount > 0 ? ` · ${pendingCount} pending` : '';
  // On a phone (sl-visually-hidden-phone) the words are read out but not shown: the icon and
  // the count keep the header one row whatever the state, so it does not jump as syncs come and go.
  const label = (text: string) => (
    <>
      <span className="sl-visually-hidden-phone">{text}</span>
      {pendingCount > 0 && (
        <span className="sync-indicator__count" aria-hidden="true">
          {pendingCount}
        </span>
      )}
    </>
  );
  return (
    <div className="sync-indicator" role="status" aria-live="polite" data-testid="sync-status">
      {!status.reachable ? (
        <StatusPill status="offline">{label(`Offline${pending}`)}</StatusPill>
      ) : status.syncing || pendingCount > 0 ? (
        <StatusPill status={pendingCount > 0 ? 'pending' : 'syncing'}>
          {label(`Syncing${pending}`)}
        </StatusPill>
      ) : (
        <StatusPill status="online">{label('Online · synced')}</StatusPill>
      )}
    </div>
  );
}
