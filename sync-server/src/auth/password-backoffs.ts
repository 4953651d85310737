import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import type { BackoffRule } from '../rate-limit/backoff';
import {
  LOGIN_BACKOFF_ACCOUNT,
  LOGIN_BACKOFF_ACCOUNT_CLIENT,
  LOGIN_BACKOFF_ADDRESS,
  LOGIN_BACKOFF_DEVICE,
} from '../rate-limit/login-backoff';
import { knownDevice } from './device-cookie';

/** The back-offs a password of an account counts against, each with its subject. */
export type PasswordBackoffs = [BackoffRule, string][];

/**
 * The back-offs a password given for `email` (lower-cased; `userKey` its account's, if any)
 * from this request counts against: from a device that signed in to the account before, only
 * that device's; from anywhere else, the account-and-client, the account-wide and the
 * client-wide ones. Log-in uses them, and so does every call that asks a signed-in user's
 * current password again (current-password.ts): a guess anywhere counts everywhere.
 */
export function passwordBackoffs(
  app: AppContext,
  ctx: Context,
  email: string,
  userKey: string | undefined,
): PasswordBackoffs {
  const address = ctx.ip || 'unknown';
  const device = knownDevice(app, ctx);
  if (device !== undefined && userKey !== undefined && device.userKeys.includes(userKey)) {
    return [[LOGIN_BACKOFF_DEVICE, device.id]];
  }
  return [
    [LOGIN_BACKOFF_ACCOUNT_CLIENT, `${email} ${address}`],
    [LOGIN_BACKOFF_ACCOUNT, email],
    [LOGIN_BACKOFF_ADDRESS, address],
  ];
}

/** How long a password try must still wait under `backoffs` (0: it may try now). */
export async function backoffWaitMs(app: AppContext, backoffs: PasswordBackoffs): Promise<number> {
  const waits: number[] = [];
  for (const [rule, subject] of backoffs) waits.push(await app.repos.limiter.waitMs(rule, subject));
  return Math.max(0, ...waits);
}

/** Counts one wrong password against every back-off of `backoffs`. */
export async function recordPasswordFailure(
  app: AppContext,
  backoffs: PasswordBackoffs,
): Promise<void> {
  for (const [rule, subject] of backoffs) await app.repos.limiter.record(rule, subject);
}

/**
 * After a right password: forgets the failures of the first back-off (this client's, or this
 * device's). The account-wide and client-wide counts stay: an owner's success must not reset
 * an attacker's wait.
 */
export async function clearPasswordFailures(
  app: AppContext,
  backoffs: PasswordBackoffs,
): Promise<void> {
  const [first] = backoffs;
  if (first) await app.repos.limiter.clear(first[0], first[1]);
}
