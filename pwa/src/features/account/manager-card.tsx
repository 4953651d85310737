import { useState } from 'react';
import { managerMessages, type AccountManager } from '@stemline/shared';
import { Skeleton } from '../../ui';
import type { ManagerState } from './use-account-manager';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The account manager's photo (or initials), name, phone and email, each a link to reach them. */
export function ManagerCard({ state }: { state: ManagerState }) {
  if (state.status === 'loading') return <Skeleton shape="block" height="4rem" />;
  if (state.status === 'failed') {
    return <p>Your account manager is shown here when you are online.</p>;
  }
  const { manager } = state;
  if (!manager) return <p>{managerMessages.noManager}</p>;
  return (
    <div className="manager-card" data-testid="account-manager">
      <ManagerPhoto manager={manager} />
      <div className="manager-card__text">
        <strong>{manager.name}</strong>
        {manager.phone && (
          <a href={`tel:${manager.phone.replace(/[^\d+]/g, '')}`}>{manager.phone}</a>
        )}
        <a href={`mailto:${manager.email}`}>{manager.email}</a>
      </div>
    </div>
  );
}

/**
 * The manager's photo, decorative beside their name; their initials when there is none or it
 * does not load (offline before it was ever shown, a file gone).
 */
function ManagerPhoto({ manager }: { manager: AccountManager }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (manager.photo_url && manager.photo_url !== failedUrl) {
    const url = manager.photo_url;
    return (
      <img
        className="manager-card__photo"
        src={url}
        alt=""
        width={56}
        height={56}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span className="manager-card__photo" aria-hidden="true">
      {initials(manager.name)}
    </span>
  );
}
