import type { Context } from 'koa';
import {
  accountMessages,
  emailOnDomain,
  messages,
  stemlineMessages,
  type LoginAnswer,
  type LoginClient,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { signedIn } from './last-login';
import { issueSession } from './session-answer';
import { rememberDevice } from './device-cookie';
import {
  backoffWaitMs,
  clearPasswordFailures,
  passwordBackoffs,
  recordPasswordFailure,
} from './password-backoffs';
import { verifyPassword } from './passwords';
import { mayHoldSession } from './staff-access';

/** A hash no password matches, so an unknown email costs as much time as a wrong password. */
const UNKNOWN_USER_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export interface LoginOutcome {
  status: number;
  answer: LoginAnswer;
  /** Seconds to wait before trying again (a 429's Retry-After). */
  retryAfterSeconds?: number;
}

const failure = (status: number, error: string): LoginOutcome => ({
  status,
  answer: { success: false, token: null, user: null, error },
});

/**
 * Spec §4 login, behind GET /api/security/login and the run operation `login`. In order: staff
 * addresses are sent to the login-as feature; a try still inside a back-off is refused before
 * any work (429 with the wait); the captcha solution must be good and unused; then the password;
 * then the §6 allow list: a manager who is not staff (staff-access.ts) gets no token, only the
 * message the app shows them, 'Please use the login as feature'.
 *
 * Back-offs (rate-limit/login-backoff.ts) count each failed password. From a device that signed
 * in to this account before (device-cookie.ts) only that device's own back-off applies; from
 * anywhere else, the account-and-client, the account-wide and the client-wide ones do. So an
 * attacker slows down, while the owner's device still signs in. An unknown email is counted
 * and answered exactly as a known one, so the answers never say whether an account exists.
 */
export async function logIn(
  app: AppContext,
  ctx: Context,
  input: {
    email: string;
    password: string;
    reCaptchaToken?: string | undefined;
    client?: LoginClient | undefined;
  },
): Promise<LoginOutcome> {
  const { users } = app.repos;
  const { captcha, configLookups } = app.services;
  if (emailOnDomain(input.email, await configLookups.staffCompanyDomains())) {
    return failure(403, accountMessages.staffUseLoginAs);
  }
  const stored = await users.findByEmail(input.email);
  const backoffs = passwordBackoffs(app, ctx, input.email, stored?.user.key);
  const waitMs = await backoffWaitMs(app, backoffs);
  if (waitMs > 0) {
    return {
      ...failure(429, accountMessages.tooManyAttempts(waitMs)),
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    };
  }
  if (!(await captcha.consume(input.reCaptchaToken))) {
    return failure(400, accountMessages.captchaFailed);
  }
  const passwordOk = await verifyPassword(
    input.password,
    stored?.passwordHash ?? UNKNOWN_USER_HASH,
  );
  if (!stored || !passwordOk) {
    await recordPasswordFailure(app, backoffs);
    return failure(401, messages.wrongPassword);
  }
  if (!stored.active) return failure(403, stemlineMessages.inactiveUser);
  await clearPasswordFailures(app, backoffs);
  // Only after the password: before it, the answer would tell anyone which emails are managers'.
  if (!(await mayHoldSession(app, stored))) return failure(403, accountMessages.useLoginAs);
  rememberDevice(app, ctx, stored.user.key);
  const signedInUser = await signedIn(app, stored, input.client);
  const session = await issueSession(app, signedInUser);
  return {
    status: 200,
    answer: { success: true, token: session.token, user: session.user, error: null },
  };
}
