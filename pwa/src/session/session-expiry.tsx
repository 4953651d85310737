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
  const hadSession = useRef(session !== null);
  useEffect(() => {
    if (session) {
      hadSession.current = true;
      return;
    }
    if (hadSession.current && sessionStore.wasExpired()) {
      showToast({ title: accountMessages.sessionExpired, variant: 'info' });
      void navigate('/shopping/home');
    }
    hadSession.current = false;
  }, [session, navigate]);
  return null;
}
