import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { stemlineMessages } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { showToast } from '../../ui';
import { rememberArrivalParams } from './arrival-params';
import { useAuthModals } from './auth-modal-state';
import { rememberReferralCode } from './referral-code';

// What a link's flow does (log-out, the server's check of a verification link, signing in)
// loads when a link asks for it, not with every first screen (issue 28).
const loadLinkFlows = () => import('./link-flows');
const linkFlowsUnavailable = () =>
  showToast({ title: stemlineMessages.networkNeeded, variant: 'error' });

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
 * for the sign-up; `?email=` fills the Work Email. On any page, the UTM parameters and `hutk`
 * are kept for a sign-up later in the visit, and `redirect` for after signing in.
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
    rememberArrivalParams(params, window.location.origin);
    const email = params.get('email');
    const referral = params.get('referral_code');
    if (referral) rememberReferralCode(referral);
    if (params.has('change_password')) {
      void loadLinkFlows().then(
        (flows) => flows.openChangePassword(params, modals),
        linkFlowsUnavailable,
      );
      return;
    }
    if (params.get('utm_source') === 'email_verification_signed') {
      const fields: Record<string, string> = {};
      const rest = new URLSearchParams(params);
      for (const name of VERIFICATION_PARAMS) {
        const value = params.get(name);
        if (value !== null && value !== '') fields[name] = value;
        rest.delete(name);
      }
      void navigate({ pathname: location.pathname, search: rest.toString() }, { replace: true });
      const linkEmail = (params.get('email') ?? '').toLowerCase();
      void loadLinkFlows().then(
        (flows) => flows.followVerificationLink(linkEmail, fields, modals),
        linkFlowsUnavailable,
      );
      return;
    }
    if (email && !sessionStore.get()) sessionStore.rememberEmail(email.trim().toLowerCase());
    if (params.get('signup') === 'hunter' && location.pathname !== '/shopping/create-account') {
      modals.open({ kind: 'hunter-signup' });
    }
  }, [location.pathname, location.search, modals, navigate]);
  return null;
}
