import { Button } from '../../ui';
import { useWaitingUpdate } from './sw-update';

/**
 * Offers a new version instead of reloading by itself, and waits for the outbox to empty so an
 * update never cuts a sync short.
 */
export function UpdatePrompt({ pendingCount }: { pendingCount: number }) {
  const update = useWaitingUpdate();
  if (!update) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>
        A new version of Stemline is ready.
        {pendingCount > 0 ? ' It installs once your changes have synced.' : ''}
      </span>
      <Button size="sm" isDisabled={pendingCount > 0} onPress={() => void update()}>
        Reload to update
      </Button>
    </div>
  );
}
