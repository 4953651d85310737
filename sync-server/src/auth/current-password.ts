import type { Context } from 'koa';
import { accountMessages } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import {
  backoffWaitMs,
  clearPasswordFailures,
  passwordBackoffs,
  recordPasswordFailure,
} from './password-backoffs';
import { verifyPassword } from './passwords';
import type { StoredUser } from './user-repository';

/**
 * Checks the current password a signed-in user gives again (`change_password`, moving one's own
 * sign-in email) under the log-in back-offs (password-backoffs.ts). Whoever holds a stolen
 * session could otherwise guess the password there without limit: so a try inside a back-off is
 * refused before the password is looked at, with log-in's 429, words and Retry-After; a wrong
 * password counts as a wrong log-in does ('Your current password is not right.', 400); and the
 * right one clears this client's count as a log-in does.
 */
export async function checkCurrentPassword(
  app: AppContext,
  ctx: Context,
  stored: StoredUser,
  password: string,
): Promise<void> {
  const backoffs = passwordBackoffs(app, ctx, stored.user.email.toLowerCase(), stored.user.key);
  const waitMs = await backoffWaitMs(app, backoffs);
  if (waitMs > 0) {
    ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
    throw new DomainError('rate_limited', accountMessages.tooManyAttempts(waitMs));
  }
  if (!(await verifyPassword(password, stored.passwordHash))) {
    await recordPasswordFailure(app, backoffs);
    throw new DomainError('invalid_request', accountMessages.wrongCurrentPassword);
  }
  await clearPasswordFailures(app, backoffs);
}
