import {
  accountMessages,
  stemlineMessages,
  type SignUpAnswer,
  type SignUpPayloadInput,
} from '@stemline/shared';
import type { CheckedResult } from '../../api/checked-call';
import { showToast } from '../../ui';
import { authApi } from './auth-api';
import { captchaToken } from './captcha/captcha-token';
import { completeSignIn } from './complete-sign-in';
import { forgetReferralCode } from './referral-code';

/** What a sign-up attempt came to, for the form to show. */
export type SignUpOutcome =
  | { kind: 'signed_in' }
  | { kind: 'field_errors'; errors: Record<string, string> }
  | { kind: 'email_taken' }
  | { kind: 'referral_unknown' }
  | { kind: 'failed' };

/**
 * Spec §4 sign-up flow after the form's own checks: the captcha (action inquirySubmit), the
 * account (or the signed-in guest's upgrade, which needs no captcha), then the token is
 * validated to get the user, and the user is set. Each failure is toasted as §8 says.
 * `onSetupStart` shows the account-setup wait modal while the server works; `staffToken` is the
 * signed-in sales rep's of a hunter sign-up, sent with the new account's request only.
 */
export async function submitSignUp(
  payload: Omit<SignUpPayloadInput, 'reCaptchaToken'>,
  options: { upgradeGuest: boolean; onSetupStart: () => void; staffToken?: string | undefined },
): Promise<SignUpOutcome> {
  if (!navigator.onLine) {
    showToast({ title: accountMessages.signUpNeedsNetwork, variant: 'error' });
    return { kind: 'failed' };
  }
  let answer: CheckedResult<SignUpAnswer>;
  if (options.upgradeGuest) {
    options.onSetupStart();
    answer = await authApi.upgradeGuest(payload);
  } else {
    const captcha = await captchaToken();
    if (!captcha.ok) {
      showToast({
        title:
          captcha.reason === 'offline'
            ? accountMessages.signUpNeedsNetwork
            : accountMessages.captchaFailed,
        variant: 'error',
      });
      return { kind: 'failed' };
    }
    options.onSetupStart();
    answer = await authApi.signUp(
      { ...payload, reCaptchaToken: captcha.token },
      options.staffToken,
    );
  }
  if (!answer.ok || !answer.data.token) {
    const body = answer.data;
    if (body?.error === accountMessages.emailTaken) return { kind: 'email_taken' };
    // A code not checked before (offline, or the hunter modal, which does not check): forgotten,
    // so the next press of any sign-up form goes without it.
    if (body?.error === accountMessages.referralUnknown) {
      forgetReferralCode();
      showToast({ title: accountMessages.referralRemovedOnSignUp, variant: 'error' });
      return { kind: 'referral_unknown' };
    }
    if (body?.errors && Object.keys(body.errors).length > 0) {
      if (body.error && !Object.values(body.errors).includes(body.error)) {
        showToast({ title: body.error, variant: 'error' });
      }
      return { kind: 'field_errors', errors: body.errors };
    }
    const text = answer.ok
      ? accountMessages.tokenValidationFailed
      : answer.offline
        ? stemlineMessages.networkNeeded
        : (body?.error ?? answer.error);
    showToast({ title: text, variant: 'error' });
    return { kind: 'failed' };
  }
  const validated = await authApi.validate(answer.data.token);
  if (!validated.ok || !validated.data.user) {
    const text = validated.ok
      ? accountMessages.tokenValidationFailed
      : (validated.data?.message ?? accountMessages.tokenValidationFailed);
    showToast({ title: text, variant: 'error' });
    return { kind: 'failed' };
  }
  return completeSignIn(answer.data.token, validated.data.user)
    ? { kind: 'signed_in' }
    : { kind: 'failed' };
}
