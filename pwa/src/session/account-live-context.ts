import { createContext, use } from 'react';
import type { AccountLive } from './account-live';

/**
 * The live queries of the signed-in customer's account (account-live.ts), provided with the
 * account database by `AccountProvider`: they bring RxJS and the outbox, which a visitor's first
 * screen never loads (issue 28). Holds no more than the context.
 */
export const AccountLiveContext = createContext<AccountLive | null>(null);

/** The account's live queries, or null for visitors and staff (then there is no database either). */
export function useAccountLive(): AccountLive | null {
  return use(AccountLiveContext);
}
