import type { Context } from 'koa';
import { stemlineMessages } from '@stemline/shared';
import { DomainError } from '../kernel/domain-error';
import { authClaims } from './require-auth';
import type { StoredUser, UserRepository } from './user-repository';

/**
 * The signed-in staff user (an active manager, hunters included) or a 403. Staff is decided from
 * the database, not only the token's role, so a demoted user loses staff calls at once; a
 * login-as session acts as the customer and is never staff.
 */
export async function requireStaff(ctx: Context, users: UserRepository): Promise<StoredUser> {
  const claims = authClaims(ctx);
  if (claims.scope === 'public' || claims.role !== 'manager' || claims.from_manager) {
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  }
  const stored = await users.findByKey(claims.sub);
  if (!stored?.active || stored.user.role !== 'manager') {
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  }
  return stored;
}

/** True when the request is a staff user's, without throwing. */
export async function isStaff(ctx: Context, users: UserRepository): Promise<boolean> {
  try {
    await requireStaff(ctx, users);
    return true;
  } catch {
    return false;
  }
}
