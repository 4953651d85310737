import {
  closeAccountDb,
  hasAccountDb,
  openAccountDb,
  removeAccountDb,
  type AccountDb,
} from '../storage/account-db';
import type { MutationDoc } from '../storage/account-schemas';
import { readJournal } from '../storage/outbox-journal';
import { emailOnlyKey } from './mailbox-proof';

/** The proven copy's opening per customer, with the database once open. */
const provenOpenings = new Map<string, { opening: Promise<AccountDb>; db?: AccountDb }>();

/**
 * Opens the local copy a session works on (`accountStorageKey`). The proven copy (storage key =
 * customer key) first takes over an email-only copy this device still keeps: its outbox entries
 * are carried into the proven copy's outbox, and only then is the email-only copy deleted (it
 * holds nothing else the proven copy will not pull). Resolves to the same promise while that
 * database stays open, as React's `use` needs.
 */
export function openAccountCopy(customerKey: string, storageKey: string): Promise<AccountDb> {
  if (storageKey !== customerKey) return openAccountDb(storageKey);
  const known = provenOpenings.get(customerKey);
  // A copy removed since (logout) opens anew, and takes over an email-only copy made meanwhile.
  if (known && !known.db?.closed) return known.opening;
  const entry: { opening: Promise<AccountDb>; db?: AccountDb } = {
    opening: openProvenCopy(customerKey).then((db) => (entry.db = db)),
  };
  provenOpenings.set(customerKey, entry);
  return entry.opening;
}

/**
 * A guest's changes queued by the email-only session (offline, or not yet sent when the mailbox
 * was proven) are the buyer's own cart, and everything that session may queue the proven session
 * may too: they are carried over and sent by the proven copy, unasked, rather than dropped with
 * the copy. The server applies a mutation id once, so one the email-only session had already
 * sent is answered as before. Answers not yet read (refused, or applied with a message) go too;
 * a change refused only for want of the proof is queued again.
 */
async function openProvenCopy(customerKey: string): Promise<AccountDb> {
  const emailOnly = emailOnlyKey(customerKey);
  // A tick first, so the email-only copy's sync (stopped as its screens unmount) has let go.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (!(await hasAccountDb(emailOnly).catch(() => false))) return openAccountDb(customerKey);
  let carried: MutationDoc[];
  try {
    carried = await outboxToCarry(await openAccountDb(emailOnly));
  } catch (error) {
    console.error('[account] the email-only copy could not be read; it is kept', error);
    await closeAccountDb(emailOnly).catch(() => undefined);
    return openAccountDb(customerKey);
  }
  // Two copies' collections are more than RxDB lets one page keep open.
  await closeAccountDb(emailOnly);
  const db = await openAccountDb(customerKey);
  if (await carryInto(db, carried)) await removeAccountDb(emailOnly).catch(() => undefined);
  return db;
}

/**
 * The entries of an outbox worth keeping, with the intents whose write is still under way. One
 * refused only for want of the proof (`email_unverified`: 'Please confirm your email first')
 * goes again: the buyer was asked to confirm the email and has.
 */
async function outboxToCarry(db: AccountDb): Promise<MutationDoc[]> {
  const docs = await db.mutations.find({ sort: [{ createdAt: 'asc' }] }).exec();
  const kept = docs
    .map((doc) => doc.toMutableJSON())
    .filter((entry) => entry.status !== 'applied' || entry.message !== undefined)
    .map((entry): MutationDoc => {
      if (entry.status !== 'rejected' || entry.code !== 'email_unverified') return entry;
      const { appliedSeq: _seq, code: _code, message: _message, ...intent } = entry;
      return { ...intent, status: 'pending' };
    });
  const ids = new Set(kept.map((entry) => entry.id));
  const writing = readJournal(db.name).entries.filter((entry) => !ids.has(entry.id));
  return [...kept, ...writing].sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Stores `entries` in `db`'s outbox; one it already holds (carried by another tab) counts as
 * carried. False when any could not be stored: the email-only copy is kept, and the next
 * opening carries it again.
 */
async function carryInto(db: AccountDb, entries: MutationDoc[]): Promise<boolean> {
  if (entries.length === 0) return true;
  try {
    const { error } = await db.mutations.bulkInsert(entries);
    const failed = error.filter((entry) => entry.status !== 409);
    if (failed.length > 0) console.error('[account] queued changes not carried over', failed);
    return failed.length === 0;
  } catch (error) {
    console.error('[account] queued changes not carried over', error);
    return false;
  }
}
