import { logoutMessages } from '@stemline/shared';
import {
  OUTBOX_JOURNAL_PREFIX,
  UNSENT_MARKER_PREFIX,
  UNSENT_TOLD_KEY,
} from '../storage/outbox-journal-key';
import { showToast } from '../ui';

/**
 * Notes on the device whether account copy `databaseName`'s outbox holds changes not yet sent.
 * A copy whose session expired keeps them until that account logs in again; the note lets another
 * account signing in here be told so without opening (or showing) that copy.
 */
export function markUnsent(databaseName: string, unsent: boolean): void {
  try {
    if (unsent) localStorage.setItem(UNSENT_MARKER_PREFIX + databaseName, '1');
    else localStorage.removeItem(UNSENT_MARKER_PREFIX + databaseName);
  } catch {
    // Storage refused: only the note is missing; the outbox keeps the changes.
  }
}

/** Whether another account's copy here holds unsent changes, or intents still journaled. */
function othersHoldUnsent(databaseName: string): boolean {
  const own = [UNSENT_MARKER_PREFIX + databaseName, `${OUTBOX_JOURNAL_PREFIX}${databaseName}.`];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index) ?? '';
    const noted = key.startsWith(UNSENT_MARKER_PREFIX) || key.startsWith(OUTBOX_JOURNAL_PREFIX);
    if (noted && !own.some((prefix) => key.startsWith(prefix))) return true;
  }
  return false;
}

/**
 * Tells the buyer of session `databaseName`, once a session, that another account left changes
 * here not yet sent, which go when that account logs in again. Nothing of them is shown.
 */
export function tellOfUnsentElsewhere(databaseName: string): void {
  try {
    if (sessionStorage.getItem(UNSENT_TOLD_KEY) === databaseName) return;
    if (!othersHoldUnsent(databaseName)) return;
    sessionStorage.setItem(UNSENT_TOLD_KEY, databaseName);
  } catch {
    return;
  }
  showToast({ title: logoutMessages.unsentElsewhere, variant: 'info' });
}
