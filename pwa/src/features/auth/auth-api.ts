import {
  loginClientFor,
  type SignUpPayloadInput,
  type SignUpTracking,
  type User,
} from '@stemline/shared';
import { call, run } from '../../api/checked-call';

/**
 * The answers' schemas (zod's classic API) load with the first call, beside its request:
 * built as the account modals' code evaluated, as the app starts, they were a long task
 * (issue 28).
 */
const answers = () => import('./auth-answer-schemas');

/** The account calls of spec §2 (sign-up, log-in, passwords, email checks), schema-checked. */
export const authApi = {
  verifyEmail: (email: string) =>
    call(
      answers().then((s) => s.verifyEmailAvailableAnswerSchema),
      '/api/customer/verify_email_available',
      {
        method: 'POST',
        body: { user_email: email },
      },
    ),
  /** Says whether the window logs in as mobile or desktop (spec §9, `last_login_client`). */
  login: (email: string, password: string, reCaptchaToken: string) =>
    call(
      answers().then((s) => s.loginAnswerSchema),
      '/api/security/login',
      {
        query: { email, password, reCaptchaToken, client: loginClientFor(window.innerWidth) },
      },
    ),
  guestSignIn: (
    email: string,
    reCaptchaToken: string,
    referral: string | undefined,
    tracking: SignUpTracking,
  ) =>
    run(
      answers().then((s) => s.guestSignInAnswerSchema),
      'guest_sign_in',
      {
        email,
        reCaptchaToken,
        ...(referral && { referral }),
        ...tracking,
      },
    ),
  /** Whether a customer gives the referral code a visitor arrived with (spec §4 sign-up flow). */
  checkReferral: (code: string) =>
    call(
      answers().then((s) => s.referralCodeAnswerSchema),
      '/api/customer/find_referral',
      {
        method: 'POST',
        body: { referral_code: code },
      },
    ),
  /** `staffToken`: a sales rep signs the customer up (hunter sign-up, spec §6). */
  signUp: (payload: SignUpPayloadInput, staffToken?: string) =>
    call(
      answers().then((s) => s.signUpAnswerSchema),
      '/api/customer/sign_up',
      {
        method: 'POST',
        body: payload,
        ...(staffToken !== undefined && { token: staffToken }),
      },
    ),
  /** Ends a session this device used without keeping it (a sales rep's); best effort. */
  endSession: (token: string) =>
    call(
      answers().then((s) => s.successAnswerSchema),
      '/api/security/logout',
      { method: 'POST', body: {}, token },
    ),
  /** Spec §7 `hs_check_email`, with a sales rep's token: the CRM's contact of an email, if any. */
  crmContact: (staffToken: string, email: string) =>
    call(
      answers().then((s) => s.hsCheckEmailAnswerSchema),
      '/api/cs/run',
      {
        method: 'POST',
        body: { key: 'hs_check_email', params: { email } },
        token: staffToken,
      },
    ),
  /** Spec §7 `hunter_new_contact_hs`, with a sales rep's token: records a new CRM contact. */
  newCrmContact: (
    staffToken: string,
    params: { email: string; hunter: string; owner_id: string },
  ) =>
    call(
      answers().then((s) => s.hsCheckEmailAnswerSchema),
      '/api/cs/run',
      {
        method: 'POST',
        body: { key: 'hunter_new_contact_hs', params },
        token: staffToken,
      },
    ),
  upgradeGuest: (payload: Omit<SignUpPayloadInput, 'reCaptchaToken'>) =>
    run(
      answers().then((s) => s.signUpAnswerSchema),
      'user_guest_upgrade',
      payload,
    ),
  /** Checks a token given to this device (a login-as link's); the device's session is left alone. */
  validate: (token: string) =>
    call(
      answers().then((s) => s.validateAnswerSchema),
      '/api/security/validate',
      {
        query: { token },
        withoutSession: true,
      },
    ),
  forgotPassword: (email: string) =>
    call(
      answers().then((s) => s.forgotPasswordAnswerSchema),
      '/api/forgot_password',
      { method: 'POST', body: { email } },
    ),
  /** Spec §7 request_change_password; a success also names the account's email. */
  requestChangePassword: (userId: string, code: string, password: string) =>
    call(
      answers().then((s) => s.requestChangePasswordAnswerSchema),
      '/api/request_change_password',
      {
        method: 'POST',
        body: { userId, code, password },
      },
    ),
  /** Mails the verification link (spec §2) to the signed-in guest's own email. */
  sendEmailVerification: (email: string) =>
    run(
      answers().then((s) => s.successAnswerSchema),
      'send_email_verification',
      { email },
    ),
  verifyEmailAccount: (params: Record<string, string>) =>
    run(
      answers().then((s) => s.verifyEmailAccountAnswerSchema),
      'verify_email_account',
      params,
    ),
  loadModel: (model: string) =>
    call(
      answers().then((s) => s.modelLoadAnswerSchema),
      '/api/load_all_by_model',
      { method: 'POST', body: { model } },
    ),
};

/** The user a successful sign-in answer carries with its token, or null. */
export function signedInUser(data: { token: string | null; user: User | null } | null) {
  return data?.token && data.user ? { token: data.token, user: data.user } : null;
}
