import { accountMessages, type User } from '@stemline/shared';
import { destinationFor, rememberAdminRedirect } from '../../session/role-redirect';
import { sessionStore } from '../../session/session-store';
import { showToast } from '../../ui';

/**
 * Keeps a session the server answered, after the role check that needs no redirect: a manager
 * who is not on a manager_admin allow list is not signed in and is told to use the login-as
 * feature. Scrolls to the top of the page content (spec §4: after login the view scrolls to an
 * anchor). The role redirect itself follows from the session (session/role-redirect.tsx).
 */
export function completeSignIn(token: string, user: User, toast?: string): boolean {
  if (destinationFor(user) === 'use_login_as') {
    showToast({ title: accountMessages.useLoginAs, variant: 'error' });
    return false;
  }
  rememberAdminRedirect(user);
  sessionStore.signIn(token, user);
  if (toast) showToast({ title: toast, variant: 'success' });
  document.getElementById('main')?.scrollIntoView({ block: 'start' });
  return true;
}
