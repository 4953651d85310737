import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { logoutMessages } from '@stemline/shared';
import { Button, ModalDialog, Spinner } from '../ui';
import { logout } from './logout';
import { accountStorageKey } from './mailbox-proof';
import { sessionStore } from './session-store';
import { countUnsent, sendUnsent } from './unsent-changes';

/** How long logging out waits for unsent changes to reach the server before asking. */
const SEND_WAIT_MS = 8000;

/**
 * Logs out (logout.ts deletes this device's copy of the account, its outbox with it) without
 * dropping, unasked, a change that has not reached the server: online, the outbox is sent first
 * ('Sending your changes…'); whatever is still unsent (offline, or not sent in time) is named in
 * a question, and the buyer may stay logged in. Resolves to true once logged out, false when the
 * buyer chose to stay. Loaded by a dynamic import when needed, never by a first screen.
 */
export async function logOutKeepingChanges(): Promise<boolean> {
  const session = sessionStore.get();
  const storageKey = session ? accountStorageKey(session.user) : null;
  if (storageKey) {
    // Loaded here, with the account (already loaded then): staff log out without RxDB.
    const { openAccountDb } = await import('../storage/account-db');
    const db = await openAccountDb(storageKey);
    let unsent = await countUnsent(db);
    if (unsent > 0 && navigator.onLine) {
      const hide = showOnTop(<SendingNotice />);
      try {
        unsent = await sendUnsent(db, SEND_WAIT_MS);
      } finally {
        hide();
      }
    }
    if (unsent > 0 && !(await askToLoseUnsent(unsent))) return false;
  }
  await logout();
  return true;
}

/**
 * Renders `node` in a root of its own, above the page: the question is asked from the header and
 * from a link's flow alike, neither of which has a place for it. Returns the function removing it.
 */
function showOnTop(node: ReactNode): () => void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(node);
  return () => {
    root.unmount();
    host.remove();
  };
}

function askToLoseUnsent(count: number): Promise<boolean> {
  return new Promise((resolve) => {
    const hide = showOnTop(
      <LoseUnsentDialog
        count={count}
        onAnswer={(logOut) => {
          hide();
          resolve(logOut);
        }}
      />,
    );
  });
}

function SendingNotice() {
  return (
    <ModalDialog
      isOpen
      isDismissable={false}
      isKeyboardDismissDisabled
      title={logoutMessages.sendingChanges}
      size="sm"
      hideCloseButton
    >
      <Spinner aria-label={logoutMessages.sendingChanges} />
    </ModalDialog>
  );
}

/** Staying is the default (focused, and Escape's answer): nothing is lost by it. */
function LoseUnsentDialog({
  count,
  onAnswer,
}: {
  count: number;
  onAnswer: (logOut: boolean) => void;
}) {
  return (
    <ModalDialog
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onAnswer(false);
      }}
      role="alertdialog"
      title={logoutMessages.loseUnsentTitle}
      size="sm"
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" autoFocus onPress={() => onAnswer(false)}>
            {logoutMessages.stayLoggedIn}
          </Button>
          <Button variant="danger" onPress={() => onAnswer(true)}>
            {logoutMessages.logOutAnyway}
          </Button>
        </>
      }
    >
      <p>{logoutMessages.loseUnsent(count)}</p>
    </ModalDialog>
  );
}
