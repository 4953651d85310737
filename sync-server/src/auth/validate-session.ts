import { stemlineMessages, type ValidateAnswer } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { userAnswer } from './session-answer';
import { sessionHolds } from './session-holds';
import { verifyToken } from './tokens';

/**
 * Spec §7 validate: the user of a token that is well signed, unexpired, not revoked, of an
 * active user (and of `userKey` when given). Visitors' public tokens have no user: 401.
 */
export async function validateSession(
  app: AppContext,
  token: string,
  userKey?: string,
): Promise<{ status: number; answer: ValidateAnswer }> {
  const { users } = app.repos;
  const isSessionActive = sessionHolds(app);
  const claims = verifyToken(app.jwtSecret, token);
  const valid =
    claims !== null &&
    claims.scope === undefined &&
    (userKey === undefined || userKey === claims.sub) &&
    (await isSessionActive(claims));
  const stored = valid ? await users.findByKey(claims.sub) : undefined;
  if (!claims || !stored) {
    return {
      status: 401,
      answer: { success: false, user: null, message: stemlineMessages.unauthorized },
    };
  }
  return {
    status: 200,
    answer: {
      success: true,
      user: await userAnswer(
        app,
        stored,
        token,
        claims.from_manager,
        claims.mailbox_verified === false ? 'email_only' : 'full',
      ),
      message: null,
    },
  };
}
