import { accountMessages, stemlineMessages } from '@stemline/shared';
import { isEmailOnlySession } from '../../session/mailbox-proof';
import { sessionStore } from '../../session/session-store';
import { showToast } from '../../ui';
import { authApi, signedInUser } from './auth-api';
import type { AuthModals } from './auth-modal-state';
import { completeSignIn } from './complete-sign-in';

/**
 * A password-reset link (spec §2 `change_password`): logs out, then asks for the new password.
 * Logging out would delete changes this device has not sent: they are sent first, or the buyer
 * is asked, and one who stays logged in is not asked for a new password.
 */
export async function openChangePassword(
  params: URLSearchParams,
  modals: AuthModals,
): Promise<void> {
  if (sessionStore.get()) {
    const { logOutKeepingChanges } = await import('../../session/logout-guard');
    if (!(await logOutKeepingChanges())) return;
  }
  modals.open({
    kind: 'change-password',
    userId: params.get('user_id') ?? '',
    code: params.get('code') ?? '',
  });
}

/**
 * Spec §4 email-verification link: the server checks the link's signature, then logs the guest
 * in ('Login successful') or creates the account ('Created Account Successfully'). An email
 * that has a full account opens the log-in with it. `fields` are the link's parameters.
 */
export async function followVerificationLink(
  email: string,
  fields: Record<string, string>,
  modals: AuthModals,
): Promise<void> {
  const current = sessionStore.get();
  // A session made from an email alone is the one this link exists to prove: follow it.
  if (current && current.user.email.toLowerCase() === email && !isEmailOnlySession(current.user)) {
    showToast({ title: accountMessages.loginSuccessful, variant: 'success' });
    return;
  }
  if (!navigator.onLine) {
    showToast({ title: stemlineMessages.networkNeeded, variant: 'error' });
    return;
  }
  const answer = await authApi.verifyEmailAccount(fields);
  const session = answer.ok ? signedInUser(answer.data) : null;
  if (answer.ok && session) {
    completeSignIn(
      session.token,
      session.user,
      answer.data.message ?? accountMessages.loginSuccessful,
    );
    return;
  }
  if (!answer.ok && answer.status === 409) {
    sessionStore.rememberEmail(email);
    modals.open({ kind: 'login', email, step: 'password' });
    return;
  }
  const text = answer.ok
    ? accountMessages.verificationLinkInvalid
    : answer.offline
      ? stemlineMessages.networkNeeded
      : (answer.data?.error ?? answer.error);
  showToast({ title: text, variant: 'error' });
}
