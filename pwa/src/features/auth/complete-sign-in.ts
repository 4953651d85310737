import { accountMessages, type User } from '@stemline/shared';
import { destinationFor, rememberAdminRedirect } from '../../session/role-redirect-target';
import { sessionStore, type SessionScope } from '../../session/session-store';
import { showToast } from '../../ui';

/**
 * Keeps a session the server answered, after the role check that needs no redirect: a manager
 * who is not on a manager_admin allow list is not signed in and is told to use the login-as
 * feature. Scrolls to the top of the page content (spec §4: after login the view scrolls to an
 * anchor). The role redirect itself follows from the session (session/role-redirect.tsx).
 * `scope: 'tab'` keeps a staff login-as session in this tab only (session-store.ts).
 */
export function completeSignIn(
  token: string,
  user: User,
  toast?: string,
  scope?: SessionScope,
): boolean {
  if (destinationFor(user) === 'use_login_as') {
    showToast({ title: accountMessages.useLoginAs, variant: 'error' });
    return false;
  }
  // A login-as tab leaves the device's local-storage keys alone (session-store.ts).
  if (scope !== 'tab') rememberAdminRedirect(user);
  sessionStore.signIn(token, user, scope);
  if (toast) showToast({ title: toast, variant: 'success' });
  document.getElementById('main')?.scrollIntoView({ block: 'start' });
  return true;
}
