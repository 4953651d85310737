import { apiRequest } from '../api/client';
import { loadCatalogDb } from '../storage/catalog-store-loader';
import { accountStorageKey } from './mailbox-proof';
import { sessionStore } from './session-store';

/** How long logout waits for the server to revoke the token before going on without it. */
const REVOKE_WAIT_MS = 3000;

/**
 * Signs out (spec §4: logout clears local storage): forgets the session and everything in
 * localStorage, asks the server to revoke the token (best effort; offline the token simply
 * expires), and deletes this account's local data: its RxDB database and the catalog cache
 * (stored copies, decoded copies in memory and first views). Its outbox goes too: ask first
 * (logout-guard.ts) when it may hold changes not yet sent.
 */
export async function logout(): Promise<void> {
  const session = sessionStore.get();
  const storageKey = session ? accountStorageKey(session.user) : null;
  // Signed out before the revoke's wait: the account's screens close at once, so no change can
  // be made meanwhile in the database about to be deleted.
  sessionStore.signOut();
  await Promise.allSettled([
    session
      ? Promise.race([
          apiRequest('/api/security/logout', { method: 'POST', body: {}, token: session.token }),
          new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS)),
        ])
      : Promise.resolve(),
    // Loaded here, not up front: a visitor's pages load nothing of RxDB (issue 28).
    storageKey
      ? import('../storage/account-db').then(({ removeAccountDb }) => removeAccountDb(storageKey))
      : Promise.resolve(),
    loadCatalogDb().then(({ clearCatalogCache }) => clearCatalogCache()),
  ]);
}
