import { accountMessages, stemlineMessages } from '@stemline/shared';
import { authApi, signedInUser } from './auth-api';
import { captchaToken } from './captcha/captcha-token';
import { loginFailureText } from './login-failure';

/** The signed-in sales rep of one hunter sign-up: the session's token and the rep's user key. */
export interface RepSession {
  token: string;
  userKey: string;
}

/** The sales rep's session for one hunter sign-up, or the message for the rep's fields. */
export type StaffSignIn = ({ ok: true } & RepSession) | { ok: false; message: string };

/**
 * Signs the sales rep in for one hunter sign-up (spec §6: staff pick the contact owner, and the
 * server keeps it only from a signed-in staff caller). The token is never kept on this device,
 * which the sign-up then signs in as the new customer; the caller ends it once used. An account
 * that is not staff is refused here, its session ended at once.
 */
export async function signInStaff(email: string, password: string): Promise<StaffSignIn> {
  const captcha = await captchaToken();
  if (!captcha.ok) {
    const message =
      captcha.reason === 'offline'
        ? accountMessages.signUpNeedsNetwork
        : accountMessages.captchaFailed;
    return { ok: false, message };
  }
  const answer = await authApi.login(email.trim(), password, captcha.token);
  const session = answer.ok ? signedInUser(answer.data) : null;
  if (!session) return { ok: false, message: loginFailureText(answer, 'other') };
  if (session.user.role !== 'manager') {
    void authApi.endSession(session.token);
    return { ok: false, message: stemlineMessages.forbidden };
  }
  return { ok: true, token: session.token, userKey: session.user.key };
}
