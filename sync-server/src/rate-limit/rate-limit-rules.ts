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
