import type { BackoffRule } from './backoff';

/**
 * The back-offs of failed log-ins (auth/login.ts). They slow whoever guesses without locking
 * the owner out: a few free tries, then a wait that doubles with each failure, up to 15 minutes.
 * Every rule counts an email whether or not it has an account, so the answers never say which.
 */
const growing = { windowMs: 60 * 60_000, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000 };

/** One account tried from one client address: the attacker's own wait. */
export const LOGIN_BACKOFF_ACCOUNT_CLIENT: BackoffRule = {
  scope: 'login_backoff_account_client',
  free: 5,
  ...growing,
};
/** One account tried from anywhere (many clients at once); a known device does not wait here. */
export const LOGIN_BACKOFF_ACCOUNT: BackoffRule = {
  scope: 'login_backoff_account',
  free: 20,
  ...growing,
};
/** One client address trying any accounts (password spraying); a known device does not wait here. */
export const LOGIN_BACKOFF_ADDRESS: BackoffRule = {
  scope: 'login_backoff_address',
  free: 30,
  ...growing,
};
/** A known device (see auth/device-cookie.ts) trying an account it signed in to before. */
export const LOGIN_BACKOFF_DEVICE: BackoffRule = {
  scope: 'login_backoff_device',
  free: 5,
  ...growing,
};
