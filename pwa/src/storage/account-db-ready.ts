import type { AccountDb } from './account-db';

/**
 * The account databases this page has opened, by storage key (`accountStorageKey`), for code
 * that runs before its screen has been given one: a tap in the moment after sign-in, while the
 * database is still opening. Types only from account-db: this module loads with a visitor's first
 * screen, RxDB does not.
 */
const ready = new Map<string, AccountDb>();
const waiting = new Map<string, ((db: AccountDb | null) => void)[]>();

/** The database of `storageKey` once it has opened; null if it is removed first (log-out). */
export function whenAccountDbReady(storageKey: string): Promise<AccountDb | null> {
  const db = ready.get(storageKey);
  if (db) return Promise.resolve(db);
  return new Promise((resolve) => {
    waiting.set(storageKey, [...(waiting.get(storageKey) ?? []), resolve]);
  });
}

/** Called by account-db.ts: `db` is open, `null` when it was removed. */
export function settleAccountDb(storageKey: string, db: AccountDb | null): void {
  if (db) ready.set(storageKey, db);
  else ready.delete(storageKey);
  const resolvers = waiting.get(storageKey) ?? [];
  waiting.delete(storageKey);
  for (const resolve of resolvers) resolve(db);
}
