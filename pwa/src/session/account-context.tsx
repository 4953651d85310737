import { createContext, use, useEffect, type ReactNode } from 'react';
import type { AccountDb } from '../storage/account-db';
import { startSync } from '../sync/sync-engine';
import { clientId } from './client-id';
import { openAccountCopy } from './mailbox-proof';

const AccountDbContext = createContext<AccountDb | null>(null);

/**
 * Opens the customer's account database (once per page) and runs sync while mounted.
 * `storageKey` names the local copy (session/mailbox-proof.ts); the customer key by default.
 */
export function AccountProvider({
  customerKey,
  storageKey,
  children,
}: {
  customerKey: string;
  storageKey?: string;
  children: ReactNode;
}) {
  const db = use(openAccountCopy(customerKey, storageKey ?? customerKey));
  useEffect(() => startSync(db, customerKey, clientId()), [db, customerKey]);
  return <AccountDbContext value={db}>{children}</AccountDbContext>;
}

/** The signed-in customer's account database, or null for visitors and staff. */
export function useAccountDb(): AccountDb | null {
  return use(AccountDbContext);
}
