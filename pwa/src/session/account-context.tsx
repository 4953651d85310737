import { createContext, use } from 'react';
import type { AccountDb } from '../storage/account-db';

/**
 * The signed-in customer's account database. Provided by `AccountProvider`
 * (account-provider.tsx), which the app loads only once a session exists, so a visitor's pages
 * load nothing of RxDB or the sync engine; this module holds no more than the context.
 */
export const AccountDbContext = createContext<AccountDb | null>(null);

/** The signed-in customer's account database, or null for visitors and staff. */
export function useAccountDb(): AccountDb | null {
  return use(AccountDbContext);
}
