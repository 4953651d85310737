import type { User } from '@stemline/shared';

/**
 * True for a session made from an email alone (a guest's sign-in): the server lets it see prices
 * and fill a new cart only, until the mailed verification link proves the mailbox.
 */
export function isEmailOnlySession(user: User): boolean {
  return user.metadata.mailbox_verified === false;
}

/**
 * The name the account's local database is kept under. An email-only session sees only what
 * it made, so its copy lives apart: once proven, the account's own copy pulls everything from
 * the start rather than carrying on from checkpoints that skipped what the email owns.
 */
export function accountStorageKey(user: User): string | null {
  const customerKey = user.metadata.customer;
  if (!customerKey) return null;
  return isEmailOnlySession(user) ? emailOnlyKey(customerKey) : customerKey;
}

/** The name of an email-only session's copy of the account `customerKey`. */
export const emailOnlyKey = (customerKey: string): string => `${customerKey}-email-only`;
