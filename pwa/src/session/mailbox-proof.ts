import type { User } from '@stemline/shared';
import { openAccountDb, removeAccountDb, type AccountDb } from '../storage/account-db';

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

const emailOnlyKey = (customerKey: string): string => `${customerKey}-email-only`;

/** Email-only copies this page opened, by customer key. */
const emailOnlyOpened = new Set<string>();
/** The proven copy's opening, once per page, when it first has to drop an email-only copy. */
const provenOpenings = new Map<string, Promise<AccountDb>>();

/**
 * Opens the local copy a session works on (`accountStorageKey`). Once the mailbox is proven in
 * this page, the email-only copy is removed before the account's own copy opens: it holds
 * nothing the account's copy will not pull, and RxDB lets a page keep only 16 collections open
 * (two copies are 18). The removal waits a tick so the email-only copy's sync has stopped.
 */
export function openAccountCopy(customerKey: string, storageKey: string): Promise<AccountDb> {
  if (storageKey !== customerKey) {
    emailOnlyOpened.add(customerKey);
    return openAccountDb(storageKey);
  }
  if (!emailOnlyOpened.has(customerKey))
    return provenOpenings.get(customerKey) ?? openAccountDb(storageKey);
  emailOnlyOpened.delete(customerKey);
  const opening = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => removeAccountDb(emailOnlyKey(customerKey)))
    .catch(() => undefined)
    .then(() => openAccountDb(storageKey));
  provenOpenings.set(customerKey, opening);
  return opening;
}
