import { z } from 'zod';
import { LOGIN_CLIENTS } from '../constants';
import { userSchema } from './user';

/** An email as typed into a form: trimmed, lower-cased, no spaces inside. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** GET /api/security/login query (spec §7). */
export const loginQuerySchema = z.object({
  email: emailSchema,
  password: z.string().min(1),
  reCaptchaToken: z.string().optional(),
  /** The kind of window logging in (spec §9), kept as the customer's `last_login_client`. */
  client: z.enum(LOGIN_CLIENTS).optional(),
});
export type LoginQuery = z.infer<typeof loginQuerySchema>;

/** GET /api/security/login answer. */
export const loginAnswerSchema = z.object({
  success: z.boolean(),
  token: z.string().nullable(),
  user: z.nullable(userSchema),
  error: z.string().nullable(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** GET /api/security/validate query. */
export const validateQuerySchema = z.object({
  token: z.string().min(1),
  user_key: z.string().optional(),
});

/** GET /api/security/validate answer. */
export const validateAnswerSchema = z.object({
  success: z.boolean(),
  user: z.nullable(userSchema),
  message: z.string().nullable(),
});
export type ValidateAnswer = z.infer<typeof validateAnswerSchema>;

/**
 * POST /api/customer/check_email_available body; an empty `results` list means available. A
 * taken email's entry says only whether a guest holds it: no user key (issue 21).
 */
export const checkEmailAvailableBodySchema = z.object({ email: emailSchema });
export const checkEmailAvailableAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(z.strictObject({ guest: z.boolean() })),
});
export type CheckEmailAvailableAnswer = z.infer<typeof checkEmailAvailableAnswerSchema>;
