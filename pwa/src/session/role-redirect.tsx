import { useEffect } from 'react';
import { useSession } from './use-session';

/**
 * Spec §4 role redirect, for the session on this device (after log-in and at start), as
 * `followRoleRedirect` decides it. Its code loads when there is a session: a visitor's first
 * screen goes without it (issue 28).
 */
export function RoleRedirect() {
  const session = useSession();
  const user = session?.user;
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    void import('./role-redirect-target').then(({ followRoleRedirect }) =>
      followRoleRedirect(user, () => cancelled),
    );
    return () => {
      cancelled = true;
    };
  }, [user]);
  return null;
}
