import { createContext, use, useEffect, type ReactNode } from 'react';
import { openAccountDb, type AccountDb } from '../storage/account-db';
import { startSync } from '../sync/sync-engine';
import { clientId } from './client-id';

const AccountDbContext = createContext<AccountDb | null>(null);

/** Opens the customer's account database (once per page) and runs sync while mounted. */
export function AccountProvider({
  customerKey,
  children,
}: {
  customerKey: string;
  children: ReactNode;
}) {
  const db = use(openAccountDb(customerKey));
  useEffect(() => startSync(db, customerKey, clientId()), [db, customerKey]);
  return <AccountDbContext value={db}>{children}</AccountDbContext>;
}

/** The signed-in customer's account database, or null for visitors and staff. */
export function useAccountDb(): AccountDb | null {
  return use(AccountDbContext);
}
