import type { Context } from 'koa';
import {
  accountMessages,
  emailOnDomain,
  messages,
  stemlineMessages,
  type LoginAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { accountServices } from '../accounts/account-services';
import { issueSession } from '../accounts/session-answer';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from '../rate-limit/rate-limiter';
import { verifyPassword } from './passwords';

/** A hash no password matches, so an unknown email costs as much time as a wrong password. */
const UNKNOWN_USER_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export interface LoginOutcome {
  status: number;
  answer: LoginAnswer;
}

const failure = (status: number, error: string): LoginOutcome => ({
  status,
  answer: { success: false, token: null, user: null, error },
});

/**
 * Spec §4 login, behind GET /api/security/login and the run operation `login`. In order: staff
 * addresses are sent to the login-as feature; a rate-limited account or client address is
 * refused before any work; the captcha solution must be good and unused; then the password.
 * Each failed password counts against the account and the client address.
 */
export async function logIn(
  app: AppContext,
  ctx: Context,
  input: { email: string; password: string; reCaptchaToken?: string | undefined },
): Promise<LoginOutcome> {
  const { users, captcha, limiter, config } = accountServices(app);
  const address = ctx.ip || 'unknown';
  if (emailOnDomain(input.email, config.staffCompanyDomains())) {
    return failure(403, accountMessages.staffUseLoginAs);
  }
  if (
    limiter.isLimited(LOGIN_FAILURES_PER_ACCOUNT, input.email) ||
    limiter.isLimited(LOGIN_FAILURES_PER_ADDRESS, address)
  ) {
    return failure(
      429,
      accountMessages.tooManyAttempts(LOGIN_FAILURES_PER_ACCOUNT.windowMs / 60_000),
    );
  }
  if (!(await captcha.consume(input.reCaptchaToken))) {
    return failure(400, accountMessages.captchaFailed);
  }
  const stored = users.findByEmail(input.email);
  const passwordOk = await verifyPassword(
    input.password,
    stored?.passwordHash ?? UNKNOWN_USER_HASH,
  );
  if (!stored || !passwordOk) {
    limiter.record(LOGIN_FAILURES_PER_ACCOUNT, input.email);
    limiter.record(LOGIN_FAILURES_PER_ADDRESS, address);
    return failure(401, messages.wrongPassword);
  }
  if (!stored.active) return failure(403, stemlineMessages.inactiveUser);
  limiter.clear(LOGIN_FAILURES_PER_ACCOUNT, input.email);
  const session = issueSession(app, stored);
  return {
    status: 200,
    answer: { success: true, token: session.token, user: session.user, error: null },
  };
}
