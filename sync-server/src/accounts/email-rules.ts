import {
  accountMessages,
  emailOnDomain,
  emailProblem,
  type VerifyEmailAvailableAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { NO_PASSWORD } from './company-user-repository';

/**
 * What the email step needs to know of an address, in one answer (spec §4 login flow 2-5): the
 * §5 email rules with the fake-domain list, the staff company domain, and whether an account —
 * a full one, a guest, or a guest with no password — already uses it.
 */
export async function emailStatus(
  app: AppContext,
  rawEmail: string,
): Promise<VerifyEmailAvailableAnswer> {
  const { users } = app.repos;
  const { configLookups } = app.services;
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
  const problem = emailProblem(email, await configLookups.fakeEmailDomains());
  if (problem) return answer({ success: false, message: problem });
  if (emailOnDomain(email, await configLookups.staffCompanyDomains())) {
    return answer({ success: false, staff: true, message: accountMessages.staffUseLoginAs });
  }
  const stored = await users.findByEmail(email);
  if (!stored) return answer({ available: true });
  return answer({
    registered: true,
    guest: stored.user.metadata.guest,
    passwordless: stored.passwordHash === NO_PASSWORD,
    message: accountMessages.emailTaken,
  });
}
