import { z } from 'zod/mini';

/**
 * What the app reads about access as it starts: the visitor's public token, where the role
 * redirects go, and the account flags kept in user metadata. In zod/mini, tree-shakable, because
 * they are read as the app starts (issue 28); the other account calls are in accounts.ts.
 */

/** GET /api/security/public_token: the default token of visitors, reaching public data only. */
export const publicTokenAnswerSchema = z.object({ success: z.literal(true), token: z.string() });
export type PublicTokenAnswer = z.infer<typeof publicTokenAnswerSchema>;

/**
 * GET /api/security/captcha_challenge answer: an ALTCHA challenge (action inquirySubmit). Read
 * as the welcome and log-in modals open (they solve one ahead of a sign-in).
 */
export const captchaChallengeSchema = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string(),
  maxnumber: z.int().check(z.positive()),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** GET /api/security/client_config: where the role redirects go, and whether the mailbox is on. */
export const clientConfigAnswerSchema = z.object({
  success: z.literal(true),
  admin_app_url: z.string(),
  grower_price_comparison_url: z.string(),
  dev_mailbox: z.boolean(),
});
export type ClientConfigAnswer = z.infer<typeof clientConfigAnswerSchema>;

/** A customer's referral as recorded at sign-up: 15% off its first order (spec §1, §9). */
export const referralSchema = z.object({
  code: z.string(),
  referred_by: z.string(),
  discount: z.number(),
  first_order_only: z.literal(true),
  used: z.boolean(),
});
export type Referral = z.infer<typeof referralSchema>;

/** The account fields this build adds to spec §3 user metadata (the schema is loose). */
export const accountMetadataSchema = z.looseObject({
  hunter: z.optional(z.boolean()),
  admin_redirect: z.optional(z.boolean()),
  manager_admin: z.optional(z.boolean()),
  from_manager: z.optional(z.boolean()),
  email_verified: z.optional(z.boolean()),
  referral: z.optional(z.nullable(referralSchema)),
});
export type AccountMetadata = z.infer<typeof accountMetadataSchema>;

/** User metadata read for its account flags; metadata they do not fit reads as none set. */
export const accountFlagsSchema = z.catch(accountMetadataSchema, {});
