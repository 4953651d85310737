import { catalogDb } from '../data/catalog-db';
import { removeAccountDb } from '../data/account-db';
import { sessionStore } from './session-store';

/** Signs out and deletes this account's local data: its RxDB database, the catalog cache, localStorage. */
export async function logout(): Promise<void> {
  const customerKey = sessionStore.get()?.user.metadata.customer;
  sessionStore.signOut();
  await Promise.allSettled([
    customerKey ? removeAccountDb(customerKey) : Promise.resolve(),
    catalogDb.catalogs.clear(),
  ]);
}
