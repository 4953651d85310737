import { emailProblem, stemlineMessages } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { authApi } from './auth-api';

/** What the Work Email step learned: the message to show by the field, or the account state. */
export type WorkEmailLookup =
  | { ok: false; error: string }
  | { ok: true; address: string; registered: boolean; passwordless: boolean };

/**
 * The Work Email step both the login and the welcome modal take (spec §2, §4): the §5 email
 * rules, then the network, then whether the address is registered. Contract: a refused address
 * answers the message to show (a rule, no network, the server's error or its message for a new
 * address it will not take) and remembers nothing; an accepted one is trimmed, lower-cased and
 * remembered as the last email used.
 */
export async function lookUpWorkEmail(email: string): Promise<WorkEmailLookup> {
  const problem = emailProblem(email);
  if (problem) return { ok: false, error: problem };
  if (!navigator.onLine) return { ok: false, error: stemlineMessages.networkNeeded };
  const address = email.trim().toLowerCase();
  const answer = await authApi.verifyEmail(address);
  if (!answer.ok && !answer.data) {
    return { ok: false, error: answer.offline ? stemlineMessages.networkNeeded : answer.error };
  }
  const status = answer.data;
  if (!status) return { ok: false, error: stemlineMessages.networkNeeded };
  if (!status.registered && status.message) return { ok: false, error: status.message };
  sessionStore.rememberEmail(address);
  return {
    ok: true,
    address,
    registered: status.registered,
    passwordless: status.passwordless,
  };
}
