import type { User } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { signToken } from '../auth/tokens';
import type { StoredUser } from '../auth/user-repository';
import { accountServices } from './account-services';

/**
 * The user as login, validate and sign-up answer it: spec §3 User with its token, plus whether a
 * manager is on a manager_admin allow list and whether the session is a login-as one.
 */
export function userAnswer(
  app: AppContext,
  stored: StoredUser,
  token: string,
  fromManager?: string,
): User {
  const { config } = accountServices(app);
  return {
    ...stored.user,
    token,
    metadata: {
      ...stored.user.metadata,
      manager_admin: stored.user.role === 'manager' && config.isManagerAdmin(stored.user.key),
      from_manager: fromManager !== undefined,
    },
  };
}

/** Signs a session token for a user and answers it with the user. */
export function issueSession(
  app: AppContext,
  stored: StoredUser,
  fromManager?: string,
): { token: string; user: User } {
  const token = signToken(app.jwtSecret, {
    sub: stored.user.key,
    customer: stored.user.metadata.customer,
    role: stored.user.role,
    tv: stored.tokenVersion,
    ...(fromManager !== undefined && { from_manager: fromManager }),
  });
  return { token, user: userAnswer(app, stored, token, fromManager) };
}
