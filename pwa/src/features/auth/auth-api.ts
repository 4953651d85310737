import {
  guestSignInAnswerSchema,
  loginAnswerSchema,
  messageAnswerSchema,
  modelLoadAnswerSchema,
  signUpAnswerSchema,
  successAnswerSchema,
  validateAnswerSchema,
  verifyEmailAccountAnswerSchema,
  verifyEmailAvailableAnswerSchema,
  forgotPasswordAnswerSchema,
  type SignUpPayloadInput,
  type User,
} from '@stemline/shared';
import type { z } from 'zod';
import { apiRequest } from '../../api/client';

/**
 * The account calls the PWA makes, each answering the server's body parsed with the shared
 * schema, or the failure: `offline` when the network is missing, else the server's message.
 * Refusals (wrong password, taken email…) come back with status and body like any answer.
 */
export type AuthResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; offline: boolean; status: number; error: string; data: T | null };

/** One call, its answer parsed with `schema` (also used by the account area). */
export async function call<Schema extends z.ZodType>(
  schema: Schema,
  path: string,
  options: Parameters<typeof apiRequest>[1],
): Promise<AuthResult<z.infer<Schema>>> {
  const answer = await apiRequest<unknown>(path, options);
  const parsed = schema.safeParse(answer.data);
  if (answer.success) {
    if (parsed.success) return { ok: true, status: answer.status, data: parsed.data };
    return { ok: false, offline: false, status: answer.status, error: 'No data', data: null };
  }
  return {
    ok: false,
    offline: answer.offline,
    status: answer.status,
    error: answer.error,
    data: parsed.success ? parsed.data : null,
  };
}

/** A named operation through POST /api/cs/run, its answer parsed with `schema`. */
export const run = <Schema extends z.ZodType>(schema: Schema, key: string, params: unknown) =>
  call(schema, '/api/cs/run', { method: 'POST', body: { key, params } });

export const authApi = {
  verifyEmail: (email: string) =>
    call(verifyEmailAvailableAnswerSchema, '/api/customer/verify_email_available', {
      method: 'POST',
      body: { user_email: email },
    }),
  login: (email: string, password: string, reCaptchaToken: string) =>
    call(loginAnswerSchema, '/api/security/login', { query: { email, password, reCaptchaToken } }),
  guestSignIn: (email: string, reCaptchaToken: string, referral?: string) =>
    run(guestSignInAnswerSchema, 'guest_sign_in', {
      email,
      reCaptchaToken,
      ...(referral && { referral }),
    }),
  signUp: (payload: SignUpPayloadInput) =>
    call(signUpAnswerSchema, '/api/customer/sign_up', { method: 'POST', body: payload }),
  upgradeGuest: (payload: Omit<SignUpPayloadInput, 'reCaptchaToken'>) =>
    run(signUpAnswerSchema, 'user_guest_upgrade', payload),
  /** Checks a token given to this device (a login-as link's); the device's session is left alone. */
  validate: (token: string) =>
    call(validateAnswerSchema, '/api/security/validate', {
      query: { token },
      withoutSession: true,
    }),
  forgotPassword: (email: string) =>
    call(forgotPasswordAnswerSchema, '/api/forgot_password', { method: 'POST', body: { email } }),
  requestChangePassword: (userId: string, code: string, password: string) =>
    call(messageAnswerSchema, '/api/request_change_password', {
      method: 'POST',
      body: { userId, code, password },
    }),
  /** Mails the verification link (spec §2) to the signed-in guest's own email. */
  sendEmailVerification: (email: string) =>
    run(successAnswerSchema, 'send_email_verification', { email }),
  verifyEmailAccount: (params: Record<string, string>) =>
    run(verifyEmailAccountAnswerSchema, 'verify_email_account', params),
  loadModel: (model: string) =>
    call(modelLoadAnswerSchema, '/api/load_all_by_model', { method: 'POST', body: { model } }),
};

/** The user a successful sign-in answer carries with its token, or null. */
export function signedInUser(data: { token: string | null; user: User | null } | null) {
  return data?.token && data.user ? { token: data.token, user: data.user } : null;
}
