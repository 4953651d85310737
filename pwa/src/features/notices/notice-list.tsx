import { useLayoutEffect, useRef } from 'react';
import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';
import { Button } from '../../ui';
import { enqueueOrTell } from '../shell/enqueue-or-tell';

/** What the server changed on its own (a released hold, a new price), until the buyer dismisses it. */
export function NoticeList({ db, notices }: { db: AccountDb; notices: NoticeDoc[] }) {
  const list = useRef<HTMLUListElement>(null);
  // The row whose Dismiss had focus when pressed: once it is gone, focus goes to the Dismiss now
  // in its place (the next notice's, else the one before), not to wherever the dialog's focus
  // scope would put it, so a keyboard user dismisses one notice after another.
  const dismissedAt = useRef<{ key: string; index: number } | null>(null);
  useLayoutEffect(() => {
    const dismissed = dismissedAt.current;
    if (!dismissed || notices.some((notice) => notice.key === dismissed.key)) return;
    dismissedAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    buttons[Math.min(dismissed.index, buttons.length - 1)]?.focus();
  }, [notices]);
  if (notices.length === 0) return null;
  return (
    <ul ref={list} className="notice-list sl-message-list" aria-label="Notices">
      {notices.map((notice, index) => (
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
            onPress={() => {
              dismissedAt.current = { key: notice.key, index };
              void enqueueOrTell(db, 'dismiss_notices', { keys: [notice.key] });
            }}
          >
            Dismiss
          </Button>
        </li>
      ))}
    </ul>
  );
}
