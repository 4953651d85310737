/**
 * Query parameters a visitor arrives with on any page and the app keeps for the rest of the visit
 * (spec §2): the tracking a later sign-up sends, and where to go after signing in. Kept in
 * sessionStorage, so a visit's campaign never outlives its tab. Read on every first screen, so
 * this module stays tiny and imports nothing; the sign-up checks the tracking with its shared
 * schema when it sends it (sign-up-tracking.ts). `sbx_evt` is not kept: the sign-up payload
 * (spec §3) has no place for it.
 */

export const TRACKING_KEY = 'stemline.signup_tracking';
const REDIRECT_KEY = 'stemline.redirect';

/** The tracking parameters of the sign-up payload, each at most 200 characters there. */
const TRACKING_PARAMS = ['utm_pos', 'utm_source', 'utm_medium', 'utm_campaign', 'hutk'] as const;
const MAX_LENGTH = 200;

/** The value of `utm_source` that marks an email-verification link, not a campaign. */
const VERIFICATION_SOURCE = 'email_verification_signed';

/** Storage may be off (a private window, a full quota): tracking is then simply not kept. */
function store(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Nothing to keep it in; the visit goes on without it.
  }
}

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The path of `value` when it is a path of this origin ('/shopping/products?date=…'), else null.
 * Only a value starting with one '/' counts, and it must still name this origin once the browser's
 * URL parser has read it (which turns '/\evil' and '/\t/evil' into '//evil'), so no redirect can
 * leave the site: 'https://evil.example', '//evil.example' and 'javascript:' are all refused.
 */
export function sameOriginPath(value: string, origin: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Keeps what `params` (the address a visitor arrived at) carries: the tracking parameters, which
 * replace those of an earlier arrival of the visit when there is any (the latest campaign counts,
 * never a mix of two), and `redirect` when it is a path of this site.
 */
export function rememberArrivalParams(params: URLSearchParams, origin: string): void {
  const tracking: Record<string, string> = {};
  for (const name of TRACKING_PARAMS) {
    const value = params.get(name)?.trim().slice(0, MAX_LENGTH);
    if (value && !(name === 'utm_source' && value === VERIFICATION_SOURCE)) tracking[name] = value;
  }
  if (Object.keys(tracking).length > 0) store(TRACKING_KEY, JSON.stringify(tracking));
  const redirect = params.get('redirect');
  const path = redirect === null ? null : sameOriginPath(redirect, origin);
  if (path !== null) store(REDIRECT_KEY, path);
}

/** The tracking kept for this visit, as stored (unchecked JSON text), or null. */
export function storedTracking(): string | null {
  return stored(TRACKING_KEY);
}

/**
 * Where to go after signing in, once: the `redirect` path of this visit (checked again, as
 * storage can be edited), then forgotten. Null when there is none.
 */
export function takeRedirect(origin: string): string | null {
  const value = stored(REDIRECT_KEY);
  if (value === null) return null;
  store(REDIRECT_KEY, null);
  return sameOriginPath(value, origin);
}
