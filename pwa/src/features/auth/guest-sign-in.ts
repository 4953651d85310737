import { accountMessages, messages, stemlineMessages } from '@stemline/shared';
import { showToast } from '../../ui';
import { authApi, signedInUser } from './auth-api';
import type { CaptchaResult } from './captcha/captcha-token';
import { completeSignIn } from './complete-sign-in';
import { forgetReferralCode, referralCode } from './referral-code';
import type { SignUpTracking } from '@stemline/shared';

/** How a guest sign-in ended: kept the session, stopped (already said), or a message to show. */
export type GuestSignInOutcome =
  { kind: 'signed_in' } | { kind: 'stopped' } | { kind: 'error'; message: string };

/**
 * Signs in the guest account of an email alone (spec §1 guests): solve the captcha, run
 * `guest_sign_in` (with the referral code and the tracking of the visit, if any) and keep the
 * session. Contract: a captcha that fails for another reason than the network is a toast
 * ('stopped'); the session not kept by `completeSignIn` (it redirected elsewhere) is 'stopped';
 * any other failure is the message to show by the email field.
 */
export async function signInAsGuest(
  address: string,
  takeCaptcha: () => Promise<CaptchaResult>,
): Promise<GuestSignInOutcome> {
  const captcha = await takeCaptcha();
  if (!captcha.ok) {
    if (captcha.reason === 'offline') {
      return { kind: 'error', message: stemlineMessages.networkNeeded };
    }
    showToast({ title: accountMessages.captchaFailed, variant: 'error' });
    return { kind: 'stopped' };
  }
  const referral = referralCode();
  const answer = await authApi.guestSignIn(address, captcha.token, referral, await tracking());
  // A code no customer has (a mistyped link) refuses the whole sign-in: prices must not wait on
  // it. It is forgotten and the sign-in goes again at once without it (a new captcha: the first
  // was used up), saying so.
  if (!answer.ok && referral !== undefined && answer.error === accountMessages.referralUnknown) {
    forgetReferralCode();
    showToast({ title: accountMessages.referralDroppedForPrices, variant: 'info' });
    return signInAsGuest(address, takeCaptcha);
  }
  const session = answer.ok ? signedInUser(answer.data) : null;
  if (!session) {
    const message = answer.ok
      ? messages.loginFailed
      : answer.offline
        ? stemlineMessages.networkNeeded
        : answer.error;
    return { kind: 'error', message };
  }
  return completeSignIn(session.token, session.user) ? { kind: 'signed_in' } : { kind: 'stopped' };
}

/**
 * The visit's tracking, read with its schema (zod's classic API), which loads now rather than
 * with the welcome and log-in modals as the app starts (issue 28). Without it (the network went
 * before it came), the sign-in goes without tracking, as with none stored.
 */
async function tracking(): Promise<SignUpTracking> {
  return import('./sign-up-tracking').then(
    (module) => module.signUpTracking(),
    () => ({}),
  );
}
