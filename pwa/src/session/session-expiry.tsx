import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '@stemline/shared';
import { showToast } from '../ui';
import { useSession } from './use-session';
import { sessionStore } from './session-store';

/**
 * Spec §4: an expired session logs the user out and sends them to /shopping/home, saying why.
 * The account's local database is kept: a queued offline change must never be dropped, and it
 * syncs once the same account logs in again. (Logout by choice deletes it.)
 */
export function SessionExpiryNotice() {
  const session = useSession();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (session) told.current = false;
    // Also when the app opens: the session may have been refused before this mounted, or as the
    // tab reloaded (which undoes the move): until its toast has run its course, a reload tells
    // again.
    if (session || told.current || !sessionStore.wasExpired()) return;
    told.current = true;
    showToast({
      title: accountMessages.sessionExpired,
      variant: 'info',
      onClose: sessionStore.toldOfExpiry,
    });
    void navigate('/shopping/home');
  }, [session, navigate]);
  return null;
}
