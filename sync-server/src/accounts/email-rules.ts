import {
  accountMessages,
  emailOnDomain,
  emailProblem,
  type VerifyEmailAvailableAnswer,
} from '@stemline/shared';
import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { DomainError } from '../http/domain-error';
import { EMAIL_LOOKUPS_PER_ADDRESS } from '../rate-limit/rate-limiter';
import { NO_PASSWORD } from './account-repository';
import { accountServices } from './account-services';

/**
 * What the email step needs to know of an address, in one answer (spec §4 login flow 2-5): the
 * §5 email rules with the fake-domain list, the staff company domain, and whether an account —
 * a full one, a guest, or a guest with no password — already uses it.
 */
export function emailStatus(app: AppContext, rawEmail: string): VerifyEmailAvailableAnswer {
  const { users, config } = accountServices(app);
  const email = rawEmail.trim().toLowerCase();
  const answer = (fields: Partial<VerifyEmailAvailableAnswer>): VerifyEmailAvailableAnswer => ({
    success: true,
    available: false,
    registered: false,
    guest: false,
    passwordless: false,
    message: null,
    staff: false,
    ...fields,
  });
  const problem = emailProblem(email, config.fakeEmailDomains());
  if (problem) return answer({ success: false, message: problem });
  if (emailOnDomain(email, config.staffCompanyDomains())) {
    return answer({ success: false, staff: true, message: accountMessages.staffUseLoginAs });
  }
  const stored = users.findByEmail(email);
  if (!stored) return answer({ available: true });
  return answer({
    registered: true,
    guest: stored.user.metadata.guest,
    passwordless: stored.passwordHash === NO_PASSWORD,
    message: accountMessages.emailTaken,
  });
}

/**
 * Counts one email look-up of the request's client address (the socket's, never a forwarded
 * header); a client over its limit (EMAIL_LOOKUPS_PER_CLIENT, default 50 in 10 minutes) gets a
 * 429 with a message saying to wait.
 * Refused look-ups are not counted, so the window drains while a client waits.
 */
export function throttleEmailLookup(app: AppContext, ctx: Context): void {
  const { limiter } = accountServices(app);
  const address = ctx.ip || 'unknown';
  const rule = { ...EMAIL_LOOKUPS_PER_ADDRESS, limit: app.config.accounts.emailLookupsPerClient };
  if (limiter.isLimited(rule, address)) {
    throw new DomainError('rate_limited', accountMessages.tooManyRequests);
  }
  limiter.record(rule, address);
}
