import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RoleRedirect } from '../../session/role-redirect';
import { SessionExpiryNotice } from '../../session/session-expiry';
import { useSession } from '../../session/use-session';
import { pendingAdd } from '../catalog/pending-add';
import { UrlFlows } from './url-flows';

// Loaded once a visitor's Add waits for a session: the catalogue's first screen goes without it.
const PendingAddRunner = lazy(() =>
  import('./pending-add-runner').then((m) => ({ default: m.PendingAddRunner })),
);

/**
 * What accounts run beside the pages, outside the account boundary so a change of session does
 * not remount it: links that start a flow, the role redirect, the session-expiry notice and the
 * add a visitor pressed before logging in.
 */
export function AuthFlows() {
  const session = useSession();
  const add = useSyncExternalStore(pendingAdd.subscribe, pendingAdd.get, noPendingAdd);
  return (
    <>
      <UrlFlows />
      <RoleRedirect />
      <SessionExpiryNotice />
      {add && session && (
        <Suspense fallback={null}>
          <PendingAddRunner add={add} />
        </Suspense>
      )}
    </>
  );
}

function noPendingAdd(): null {
  return null;
}
