import { accountMessages, type User } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import { mayHoldSession } from './staff-access';
import { signToken } from './tokens';
import type { StoredUser } from './user-repository';

/**
 * How a session was proven: `email_only` for a guest sign-in from an email alone (it reaches
 * only what auth/mailbox-proof.ts lets it), `full` for a password, a verification link or staff.
 */
export type SessionProof = 'full' | 'email_only';

/**
 * The user as login, validate and sign-up answer it: spec §3 User with its token, plus whether a
 * manager is on a manager_admin allow list, whether the session is a login-as one, and
 * `mailbox_verified: false` on an email-only session (so the app can ask for the proof).
 */
export async function userAnswer(
  app: AppContext,
  stored: StoredUser,
  token: string,
  fromManager?: string,
  proof: SessionProof = 'full',
): Promise<User> {
  const { configLookups } = app.services;
  return {
    ...stored.user,
    token,
    metadata: {
      ...stored.user.metadata,
      manager_admin:
        stored.user.role === 'manager' && (await configLookups.isManagerAdmin(stored.user.key)),
      from_manager: fromManager !== undefined,
      ...(proof === 'email_only' && { mailbox_verified: false }),
    },
  };
}

/**
 * Signs a session token for a user and answers it with the user. A manager who is not staff
 * (staff-access.ts: off the manager_admin allow list, not a hunter) gets none, whichever way they
 * signed in: a 403 'Please use the login as feature', as the app tells them.
 */
export async function issueSession(
  app: AppContext,
  stored: StoredUser,
  fromManager?: string,
  proof: SessionProof = 'full',
): Promise<{ token: string; user: User }> {
  if (!(await mayHoldSession(app, stored))) {
    throw new DomainError('forbidden', accountMessages.useLoginAs);
  }
  const token = signToken(app.jwtSecret, {
    sub: stored.user.key,
    customer: stored.user.metadata.customer,
    role: stored.user.role,
    tv: stored.tokenVersion,
    ...(fromManager !== undefined && { from_manager: fromManager }),
    ...(proof === 'email_only' && { mailbox_verified: false as const, since: app.now() }),
  });
  return { token, user: await userAnswer(app, stored, token, fromManager, proof) };
}
