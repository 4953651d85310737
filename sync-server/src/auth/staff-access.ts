import type { Context } from 'koa';
import { stemlineMessages } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import { authClaims } from './require-auth';
import type { StoredUser } from './user-repository';

/** What the staff check reads: the user from the database, the allow list from the config. */
export type StaffDirectory = Pick<AppContext, 'repos' | 'services'>;

/**
 * Whether a user is staff now (spec §6): an active manager on a manager_admin allow list, or a
 * hunter (sales rep), whose work is the login-as feature and the customer-relationship helpers.
 * Any other manager is told to use the login-as feature and is given no session (`mayHoldSession`).
 * Read from the database and the config on every call, so a demotion, a deactivation or a
 * removal from the allow list takes effect at once, not at the token's expiry.
 */
export async function isStaffUser(
  directory: StaffDirectory,
  stored: StoredUser | undefined,
): Promise<boolean> {
  if (!stored?.active || stored.user.role !== 'manager') return false;
  if (stored.flags.hunter === true) return true;
  return directory.services.configLookups.isManagerAdmin(stored.user.key);
}

/**
 * Whether a user may be given a session at all: every florist and grower (their other checks
 * apply), but a manager only while staff (`isStaffUser`).
 */
export async function mayHoldSession(
  directory: StaffDirectory,
  stored: StoredUser,
): Promise<boolean> {
  return stored.user.role !== 'manager' || (await isStaffUser(directory, stored));
}

/**
 * The signed-in staff user (see `isStaffUser`) or a 403. Staff is decided from the database and
 * the config, not only the token's role; a login-as session acts as the customer and is never
 * staff.
 */
export async function requireStaff(ctx: Context, directory: StaffDirectory): Promise<StoredUser> {
  const claims = authClaims(ctx);
  if (claims.scope === 'public' || claims.role !== 'manager' || claims.from_manager) {
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  }
  const stored = await directory.repos.users.findByKey(claims.sub);
  if (!stored || !(await isStaffUser(directory, stored))) {
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  }
  return stored;
}

/**
 * The signed-in admin or a 403: staff on a manager_admin allow list, hunters not included. Only
 * an admin changes who is staff: the allow list, the staff domain, a user's hunter flag, or a
 * manager's account (`sales_update_user`), so a hunter cannot make itself or another manager one.
 */
export async function requireAdmin(ctx: Context, directory: StaffDirectory): Promise<StoredUser> {
  const staff = await requireStaff(ctx, directory);
  if (!(await directory.services.configLookups.isManagerAdmin(staff.user.key))) {
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  }
  return staff;
}

/** True when the request is a staff user's, without throwing. */
export async function isStaff(ctx: Context, directory: StaffDirectory): Promise<boolean> {
  try {
    await requireStaff(ctx, directory);
    return true;
  } catch {
    return false;
  }
}
