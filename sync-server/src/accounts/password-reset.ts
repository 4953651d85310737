import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import {
  accountMessages,
  changePasswordProblem,
  emailProblem,
  emailSchema,
  forgotPasswordProblem,
  messages,
  type ForgotPasswordAnswer,
  type RequestChangePasswordAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { hashPassword } from '../auth/passwords';
import { passwordResetMail } from '../mail/templates';
import { RESET_MAILS_PER_ACCOUNT, RESET_MAILS_PER_ADDRESS } from '../rate-limit/rate-limit-rules';
import { publicOrigin } from './public-origin';

/** A reset link works once, for this long. */
export const RESET_CODE_LIFETIME_MS = 60 * 60_000;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * POST /api/forgot_password: mails a single-use reset link
 * (`/shopping/home?change_password&user_id=…&code=…`). Only a hash of the code is stored. It
 * answers success for unknown emails too, so it does not tell which emails have accounts.
 */
export async function forgotPassword(
  app: AppContext,
  ctx: Context,
  rawEmail: string,
): Promise<{ status: number; answer: ForgotPasswordAnswer }> {
  const { users, limiter } = app.repos;
  const { mailQuota } = app.services;
  const fail = (status: number, error: string) => ({ status, answer: { success: false, error } });
  const missing = forgotPasswordProblem(rawEmail);
  if (missing) return fail(400, missing);
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) return fail(400, emailProblem(rawEmail) ?? messages.invalidEmail);
  const email = parsed.data;
  const address = ctx.ip || 'unknown';
  // Checked and counted in one step across nodes: parallel requests on two nodes cannot both
  // take an account's last reset mail.
  const admitted = await limiter.serially([email, address], async () => {
    if (
      (await limiter.isLimited(RESET_MAILS_PER_ACCOUNT, email)) ||
      (await limiter.isLimited(RESET_MAILS_PER_ADDRESS, address))
    ) {
      return false;
    }
    await limiter.record(RESET_MAILS_PER_ACCOUNT, email);
    await limiter.record(RESET_MAILS_PER_ADDRESS, address);
    return true;
  });
  if (!admitted) return fail(429, accountMessages.tooManyRequests);
  const stored = await users.findByEmail(email);
  if (stored?.active) {
    const code = randomBytes(24).toString('base64url');
    await app.repos.passwordResets.add(
      sha256(code),
      stored.user.key,
      app.now(),
      app.now() + RESET_CODE_LIFETIME_MS,
    );
    const query = new URLSearchParams({ user_id: stored.user.key, code });
    const link = `${publicOrigin(app, ctx)}/shopping/home?change_password&${query.toString()}`;
    // Over the daily cap the mail is dropped and the answer stays the same (it must not say
    // whether the email has an account). Reset mail has a cap of its own, so a stranger asking
    // for resets cannot use up the customer's referrals and verifications, nor the reverse.
    await mailQuota.send(
      `password_reset ${stored.user.metadata.customer ?? stored.user.key}`,
      [passwordResetMail(stored.user.email, link, RESET_CODE_LIFETIME_MS / 60_000)],
      { dropDuplicates: false },
    );
  }
  return { status: 200, answer: { success: true, error: null } };
}

/**
 * POST /api/request_change_password {userId, code, password}: sets the password when the code
 * is the user's, unused and unexpired, then spends that code and every other open code of the
 * user. Answers the §5 / §8 messages, and on success the account's email (for the log-in that
 * follows): only a caller holding the open code learns it, never one with the user id alone.
 */
export async function requestChangePassword(
  app: AppContext,
  input: { userId: string; code: string; password: string },
): Promise<{ status: number; answer: RequestChangePasswordAnswer }> {
  const { companyUsers, users } = app.repos;
  const fail = (status: number, message: string) => ({
    status,
    answer: { success: false, message },
  });
  const problem = changePasswordProblem({ ...input, repeat: input.password });
  if (problem) return fail(400, problem);
  const codeHash = sha256(input.code);
  const resets = app.repos.passwordResets;
  const isOpen = async (): Promise<boolean> => {
    const row = await resets.find(codeHash);
    return row?.userKey === input.userId && row.usedAt === null && row.expiresAt > app.now();
  };
  if (!(await isOpen())) return fail(400, accountMessages.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  // Checked again inside the write: two requests racing with one code change the password once.
  const tokenVersion = await app.transactional(async (): Promise<number | null> => {
    if (!(await isOpen())) return null;
    const version = await companyUsers.setPassword(input.userId, passwordHash);
    await resets.spendAll(input.userId, app.now());
    return version;
  })();
  if (tokenVersion === null) return fail(400, accountMessages.resetLinkInvalid);
  app.changes.endSessions(input.userId);
  const email = (await users.findByKey(input.userId))?.user.email;
  return {
    status: 200,
    answer: { success: true, message: accountMessages.passwordChanged, ...(email && { email }) },
  };
}
