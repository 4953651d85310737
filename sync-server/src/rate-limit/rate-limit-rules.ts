/** A sliding window: at most `limit` events of `scope` per subject within `windowMs`. */
export interface RateLimitRule {
  scope: string;
  limit: number;
  windowMs: number;
}

/** Password-reset mails per account, and per client address. */
export const RESET_MAILS_PER_ACCOUNT: RateLimitRule = {
  scope: 'reset_mail_account',
  limit: 5,
  windowMs: 60 * 60_000,
};
export const RESET_MAILS_PER_ADDRESS: RateLimitRule = {
  scope: 'reset_mail_address',
  limit: 30,
  windowMs: 60 * 60_000,
};

/**
 * Email look-ups (check_email_available, verify_email_available, /user/v1/email/available) and
 * referral-code checks (find_referral with a code) from one client address: enough for people
 * typing emails, slow for anyone walking a list of them.
 * The limit is the default of EMAIL_LOOKUPS_PER_CLIENT (accounts-config.ts).
 */
export const EMAIL_LOOKUPS_PER_ADDRESS: RateLimitRule = {
  scope: 'email_lookup_address',
  limit: 50,
  windowMs: 10 * 60_000,
};

/**
 * Accounts created from one client address (sign_up, and guest_sign_in for a new email): a
 * florist's shop with several staff behind one office address opens a few in a day; someone
 * making accounts by the hundred (and sending a verification mail with each guest) is stopped.
 * The limit is the default of NEW_ACCOUNTS_PER_CLIENT (accounts-config.ts).
 */
export const NEW_ACCOUNTS_PER_ADDRESS: RateLimitRule = {
  scope: 'account_created_address',
  limit: 20,
  windowMs: 60 * 60_000,
};

/**
 * Analytics batches (`POST /api/event`, up to 50 events each) per sender. The app sends one
 * batch at most every 2 s while events come; one over the limit is answered and dropped. A
 * visitor's public token is anyone's: visitors are counted by client address, and few batches
 * are enough before log-in. A signed-in user is counted by user, well above what the app sends.
 */
export const ANALYTICS_BATCHES_PER_VISITOR_ADDRESS: RateLimitRule = {
  scope: 'analytics_batch_address',
  limit: 120,
  windowMs: 10 * 60_000,
};
export const ANALYTICS_BATCHES_PER_USER: RateLimitRule = {
  scope: 'analytics_batch_user',
  limit: 1_200,
  windowMs: 10 * 60_000,
};
