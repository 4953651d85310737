import type { AppContext } from '../app-context';
import { isStaffUser } from './staff-access';
import type { TokenClaims } from './tokens';

/**
 * Whether a signed session still holds, asked on every protected call and by validate: the
 * session repository's check (an active user, no password change since, not logged out), and for
 * a staff session or a login-as session opened by staff, that the staff user is still staff
 * (staff-access.ts). A manager taken off the manager_admin allow list, a hunter whose flag is
 * cleared or a deactivated one loses at once every session it holds or opened as a customer,
 * not at the tokens' expiry. Only those tokens cost the extra look-up.
 */
export function sessionHolds(app: AppContext): (claims: TokenClaims) => Promise<boolean> {
  const { sessions, users } = app.repos;
  return async (claims) => {
    if (!(await sessions.isActive(claims))) return false;
    const staffKey = claims.from_manager ?? (claims.role === 'manager' ? claims.sub : undefined);
    return staffKey === undefined || isStaffUser(app, await users.findByKey(staffKey));
  };
}
