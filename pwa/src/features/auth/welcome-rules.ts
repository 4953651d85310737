/** Set once the welcome modal has been shown on this device. */
export const WELCOMED_KEY = 'stemline.welcomed';

/** URL parameters that start an account flow of their own; the welcome modal stays out of the way. */
const FLOW_PARAMS = ['change_password', 'utm_source', 'signup'];

/**
 * Whether the welcome modal opens (spec §2): for visitors without a session, once per device,
 * never on unsubscribe, login_as, content (/cms/), developer or create-account pages, nor over a
 * link that starts a flow of its own (a reset or verification link, a hunter sign-up). A referral
 * or `?email=` link is welcomed too: its welcome names the referral and holds the email.
 */
export function shouldWelcome(
  location: Pick<Location, 'pathname' | 'search'>,
  hasSession: boolean,
): boolean {
  if (hasSession) return false;
  if (/login_as|unsubscribe|\/cms\/|^\/dev\/|^\/shopping\/create-account/.test(location.pathname))
    return false;
  const params = new URLSearchParams(location.search);
  if (FLOW_PARAMS.some((name) => params.has(name))) return false;
  return localStorage.getItem(WELCOMED_KEY) !== '1';
}
