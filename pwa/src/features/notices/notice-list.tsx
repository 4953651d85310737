import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';
import { Button } from '../../ui';
import { enqueueOrTell } from '../shell/enqueue-or-tell';

/** What the server changed on its own (a released hold, a new price), until the buyer dismisses it. */
export function NoticeList({ db, notices }: { db: AccountDb; notices: NoticeDoc[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="notice-list sl-message-list" aria-label="Notices">
      {notices.map((notice) => (
        <li
          key={notice.key}
          className="notice-list__item sl-message-row"
          data-kind={notice.kind}
          data-tone="info"
        >
          <span id={`notice-${notice.key}`}>{notice.message}</span>
          {/* Every row has a Dismiss: the notice it dismisses is read with it. */}
          <Button
            variant="quiet"
            size="sm"
            aria-describedby={`notice-${notice.key}`}
            onPress={() => void enqueueOrTell(db, 'dismiss_notices', { keys: [notice.key] })}
          >
            Dismiss
          </Button>
        </li>
      ))}
    </ul>
  );
}
