import { use, useEffect, type ReactNode } from 'react';
import { startSync } from '../sync/sync-engine';
import { tellOfUnsentElsewhere } from '../sync/unsent-marker';
import { AccountDbContext } from './account-context';
import { accountLive } from './account-live';
import { AccountLiveContext } from './account-live-context';
import { clientId } from './client-id';
import { openAccountCopy } from './open-account-copy';

/**
 * Opens the customer's account database (once per page) and runs sync while mounted.
 * `storageKey` names the local copy (session/mailbox-proof.ts); the customer key by default.
 * Loaded by a dynamic import (app.tsx): it brings RxDB and the sync engine with it.
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
  useEffect(() => tellOfUnsentElsewhere(db.name), [db]);
  return (
    <AccountDbContext value={db}>
      <AccountLiveContext value={accountLive}>{children}</AccountLiveContext>
    </AccountDbContext>
  );
}
