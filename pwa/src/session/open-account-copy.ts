import { openAccountDb, removeAccountDb, type AccountDb } from '../storage/account-db';
import { emailOnlyKey } from './mailbox-proof';

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
