import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountMessages, stemlineMessages } from '@stemline/shared';
import { logout } from '../../session/logout';
import { isEmailOnlySession } from '../../session/mailbox-proof';
import { sessionStore } from '../../session/session-store';
import { showToast } from '../../ui';
import { authApi, signedInUser } from './auth-api';
import { useAuthModals, type AuthModals } from './auth-modal-state';
import { completeSignIn } from './complete-sign-in';
import { rememberReferralCode } from './referral-code';

/** Parameters of the verification link that are read, then taken out of the address bar. */
const VERIFICATION_PARAMS = [
  'utm_source',
  'email',
  'customer',
  'company_name',
  'first_name',
  'last_name',
  'city',
  'state',
  'zipcode',
  'resale_number',
  'business',
  'events_per_year',
  'storefront_type',
  'mobile_phone',
  'exp',
  'sig',
];

/** Each address is acted on once per page, so React's double effects never repeat a call. */
const handled = new Set<string>();

/**
 * Links that start an account flow (spec §2 query parameters): a password-reset link opens
 * 'Choose your new password' after a logout; the email-verification link logs in as a guest or
 * creates the account; `?signup=hunter` opens the hunter sign-up; `?referral_code=` is kept
 * for the sign-up; `?email=` fills the Work Email.
 */
export function UrlFlows() {
  const location = useLocation();
  const navigate = useNavigate();
  const modals = useAuthModals();
  useEffect(() => {
    const key = `${location.pathname}${location.search}`;
    if (handled.has(key)) return;
    handled.add(key);
    const params = new URLSearchParams(location.search);
    const email = params.get('email');
    const referral = params.get('referral_code');
    if (referral) rememberReferralCode(referral);
    if (params.has('change_password')) {
      void openChangePassword(params, modals);
      return;
    }
    if (params.get('utm_source') === 'email_verification_signed') {
      const rest = new URLSearchParams(params);
      for (const name of VERIFICATION_PARAMS) rest.delete(name);
      void navigate({ pathname: location.pathname, search: rest.toString() }, { replace: true });
      void followVerificationLink(params, modals);
      return;
    }
    if (email && !sessionStore.get()) sessionStore.rememberEmail(email.trim().toLowerCase());
    if (params.get('signup') === 'hunter' && location.pathname !== '/shopping/create-account') {
      modals.open({ kind: 'hunter-signup' });
    }
  }, [location.pathname, location.search, modals, navigate]);
  return null;
}

async function openChangePassword(params: URLSearchParams, modals: AuthModals): Promise<void> {
  if (sessionStore.get()) await logout();
  modals.open({
    kind: 'change-password',
    userId: params.get('user_id') ?? '',
    code: params.get('code') ?? '',
  });
}

/**
 * Spec §4 email-verification link: the server checks the link's signature, then logs the guest
 * in ('Login successful') or creates the account ('Created Account Successfully'). An email
 * that has a full account opens the log-in with it.
 */
async function followVerificationLink(params: URLSearchParams, modals: AuthModals): Promise<void> {
  const email = (params.get('email') ?? '').toLowerCase();
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
  const fields: Record<string, string> = {};
  for (const name of VERIFICATION_PARAMS) {
    const value = params.get(name);
    if (value !== null && value !== '') fields[name] = value;
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
