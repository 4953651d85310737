import { z } from 'zod';
import {
  BUSINESS_TYPE_VALUES,
  DISCOVERY_SOURCE_VALUES,
  EMPLOYEE_COUNT_VALUES,
  EVENTS_PER_YEAR_VALUES,
  EXPENSE_BAND_VALUES,
  FIRST_ORDER_TIMING_VALUES,
  STORE_COUNT_VALUES,
  STOREFRONT_TYPE_VALUES,
} from '../business-options';
import { LOGIN_CLIENTS, REFERRAL_EMAILS_PER_SEND } from '../constants';
import { referralSchema } from './access';
import { emailSchema, loginAnswerSchema } from './auth-calls';
import { roleSchema, userSchema } from './user';

/**
 * Calls of accounts and access (spec §7 authentication, email availability, the run operations
 * of sign-up, guests, hunters and users). Strings are bounded so no request can make the server
 * store or hash megabytes.
 */

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => text(max).min(1);

/** An ALTCHA solution as the browser sends it: base64 JSON, bounded. */
export const captchaTokenSchema = z.string().min(1).max(4096);

/** POST /api/security/validate_recaptcha body; the answer is `{ success }` and no message. */
export const validateRecaptchaBodySchema = z.object({
  params: z.object({ reCaptchaToken: z.string().max(4096) }),
});
export const successAnswerSchema = z.object({ success: z.boolean() });
export type SuccessAnswer = z.infer<typeof successAnswerSchema>;

/**
 * The UTM and tracking fields a sign-up may carry (spec §2 query parameters, §3 payload), kept
 * in the customer's profile. `sbx_evt` has no place here: the §3 payload does not list it.
 */
const trackingFields = {
  utm_pos: text(200).optional(),
  utm_source: text(200).optional(),
  utm_medium: text(200).optional(),
  utm_campaign: text(200).optional(),
  hutk: text(200).optional(),
};

/** The tracking a visitor arrived with, as the app keeps it for the sign-up of that visit. */
export const signUpTrackingSchema = z.object(trackingFields);
export type SignUpTracking = z.infer<typeof signUpTrackingSchema>;

/**
 * Spec §3 sign-up payload, plus the password, the captcha solution and which form sent it. The
 * server also runs the §5 form rules of that form on it (`checkSignUpPayload`).
 */
export const signUpPayloadSchema = z.object({
  signup_form: z.enum(['v2', 'older']).default('v2'),
  email: emailSchema,
  password: z.string().max(200),
  zipcode: text(10),
  from_beta: z.boolean().optional(),
  company_name: text(120),
  first_name: text(80),
  last_name: text(80),
  resale_number: text(60).default(''),
  mobile_phone: text(20),
  website: text(200).default(''),
  business: z.enum(BUSINESS_TYPE_VALUES),
  events_per_year: z.enum(EVENTS_PER_YEAR_VALUES).optional(),
  storefront_type: z.enum(STOREFRONT_TYPE_VALUES).optional(),
  others_business: text(120).optional(),
  /** Spec §1, §9: the expense band and how the visitor heard of us; optional follow-ups. */
  expenses: z.enum(EXPENSE_BAND_VALUES).optional(),
  heard_from: z.enum(DISCOVERY_SOURCE_VALUES).optional(),
  /** Spec §9: how many stores (a florist's), employees, when the first order comes; optional. */
  store_count: z.enum(STORE_COUNT_VALUES).optional(),
  employee_count: z.enum(EMPLOYEE_COUNT_VALUES).optional(),
  first_order_timing: z.enum(FIRST_ORDER_TIMING_VALUES).optional(),
  /** The contact owner: a hunter's user key. */
  hunter: text(64).optional(),
  created_by_hunter: z.boolean().optional(),
  agree_terms: z.literal(true),
  agree_text_messages: z.boolean().default(false),
  /** A referral code from `?referral_code=`. */
  referral: text(64).optional(),
  /** Older form only: the city, and the key of the state record. */
  city: text(80).optional(),
  state: text(8).optional(),
  reCaptchaToken: captchaTokenSchema,
  ...trackingFields,
});
export type SignUpPayload = z.infer<typeof signUpPayloadSchema>;
export type SignUpPayloadInput = z.input<typeof signUpPayloadSchema>;

/** Sign-up and guest sign-in answer as login does: the token and the user, or an error. */
export const signUpAnswerSchema = loginAnswerSchema.extend({
  /** Field errors of the §5 rules, by field name, when the server refused the form. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

/**
 * POST /api/forgot_password body; the email stays a plain string, and a missing one is '', so
 * both get the spec message ('Please use an email') rather than a refused request.
 */
export const forgotPasswordBodySchema = z.object({ email: z.string().max(320).default('') });
export const forgotPasswordAnswerSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
});
export type ForgotPasswordAnswer = z.infer<typeof forgotPasswordAnswerSchema>;

/** POST /api/request_change_password body: the reset link's user id and code, and the password. */
export const requestChangePasswordBodySchema = z.object({
  userId: z.string().max(100).default(''),
  code: z.string().max(200).default(''),
  password: z.string().max(200).default(''),
});
export const messageAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string().nullable(),
});
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
/**
 * POST /api/request_change_password answer: on success also the account's email, which only
 * the holder of the link's open code learns, so the log-in that follows opens with it.
 */
export const requestChangePasswordAnswerSchema = messageAnswerSchema.extend({
  email: z.string().optional(),
});
export type RequestChangePasswordAnswer = z.infer<typeof requestChangePasswordAnswerSchema>;

/** POST /api/security/change_password body (a signed-in user changing their own password). */
export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1).max(200),
  password: z.string().max(200),
});
/**
 * POST /api/security/change_password answer: the change ended every other session of the user,
 * so the caller gets a fresh token (and its user) to stay signed in.
 */
export const changePasswordAnswerSchema = messageAnswerSchema.extend({
  token: z.string().nullable(),
  user: z.nullable(userSchema),
});
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswerSchema>;

/** POST /api/customer/verify_email_available body and answer (the email step's one check). */
export const verifyEmailAvailableBodySchema = z.object({ user_email: z.string().max(320) });
export const verifyEmailAvailableAnswerSchema = z.object({
  success: z.boolean(),
  /** True when no account uses the email and it passes every rule. */
  available: z.boolean(),
  registered: z.boolean(),
  guest: z.boolean(),
  /** A guest created from an email alone: it signs in without a password. */
  passwordless: z.boolean(),
  /** Why the email cannot be used (a §5 message), or null. */
  message: z.string().nullable(),
  staff: z.boolean(),
});
export type VerifyEmailAvailableAnswer = z.infer<typeof verifyEmailAvailableAnswerSchema>;

/**
 * POST /api/customer/get_email_guest body and answer. Anyone who knows an email may ask, so the
 * answer says only whether it is a guest's: never the user's key.
 */
export const getEmailGuestBodySchema = z.object({ email: emailSchema });
export const getEmailGuestAnswerSchema = z.object({
  success: z.boolean(),
  results: z.object({ email: z.string(), guest: z.literal(true) }).nullable(),
});
export type GetEmailGuestAnswer = z.infer<typeof getEmailGuestAnswerSchema>;

/** GET /user/v1/email/available query and answer (the user service's check). */
export const userEmailAvailableQuerySchema = z.object({
  email: emailSchema,
  domain: text(64).optional(),
});
export const userEmailAvailableAnswerSchema = z.object({
  success: z.boolean(),
  available: z.boolean(),
  domain: z.string(),
});

/** Run `validate` params (as GET /api/security/validate). */
export const validateParamsSchema = z.object({
  token: z.string().min(1).max(4096),
  user_key: z.string().optional(),
});

/** Run `login` params (as GET /api/security/login). */
export const loginParamsSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
  reCaptchaToken: captchaTokenSchema.optional(),
  client: z.enum(LOGIN_CLIENTS).optional(),
});

/** Run `guest_sign_in`: an email is enough to see prices (spec §1). */
export const guestSignInParamsSchema = z.object({
  email: emailSchema,
  reCaptchaToken: captchaTokenSchema,
  referral: text(64).optional(),
  ...trackingFields,
});
export const guestSignInAnswerSchema = signUpAnswerSchema.extend({ created: z.boolean() });
export type GuestSignInAnswer = z.infer<typeof guestSignInAnswerSchema>;

/** Run `user_guest_upgrade`: the sign-up payload, for the signed-in guest's own email. */
export const guestUpgradeParamsSchema = signUpPayloadSchema.omit({ reCaptchaToken: true });

/** The §2 fields an email-verification link carries besides email and customer. */
export const verificationLinkFieldsSchema = z.object({
  company_name: text(120).optional(),
  first_name: text(80).optional(),
  last_name: text(80).optional(),
  city: text(80).optional(),
  state: text(8).optional(),
  zipcode: text(10).optional(),
  resale_number: text(60).optional(),
  business: text(40).optional(),
  events_per_year: text(20).optional(),
  storefront_type: text(40).optional(),
  mobile_phone: text(20).optional(),
});
export type VerificationLinkFields = z.infer<typeof verificationLinkFieldsSchema>;
export const VERIFICATION_LINK_FIELDS = Object.keys(
  verificationLinkFieldsSchema.shape,
) as (keyof VerificationLinkFields)[];

/** Run `send_email_verification`: mails a signed verification link (staff, or a guest for itself). */
export const sendEmailVerificationParamsSchema = verificationLinkFieldsSchema.extend({
  email: emailSchema,
});

/**
 * Run `verify_email_account` (the email-account verification operation): what the link carries.
 * `sig` and `exp` are the server's signature over the rest and its expiry.
 */
export const verifyEmailAccountParamsSchema = verificationLinkFieldsSchema.extend({
  email: emailSchema,
  customer: text(64).optional(),
  utm_source: z.literal('email_verification_signed'),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});
export type VerifyEmailAccountParams = z.infer<typeof verifyEmailAccountParamsSchema>;
export const verifyEmailAccountAnswerSchema = signUpAnswerSchema.extend({
  created: z.boolean(),
  message: z.string().nullable(),
});
export type VerifyEmailAccountAnswer = z.infer<typeof verifyEmailAccountAnswerSchema>;

/** A user as staff and customer-user lists show it. */
export const userSummarySchema = z.object({
  key: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  customer: z.string().nullable(),
  active: z.boolean(),
  guest: z.boolean(),
  /** The user's sales flags (what `sales_update_user` sets); absent from older answers. */
  hunter: z.boolean().optional(),
  admin_redirect: z.boolean().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** Run `get_email_guest_list` (staff): guest accounts, newest first. */
export const getEmailGuestListParamsSchema = z.object({
  search: text(120).optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

/**
 * Run `update_user_customer_email`: a user's sign-in email, one's own (with the current password)
 * or, for an admin, any user's. Every session of the user ends; one's own change answers a fresh
 * `token` for the caller, as a password change does.
 */
export const updateUserCustomerEmailParamsSchema = z.object({
  email: emailSchema,
  user_key: text(64).optional(),
  current_password: z.string().max(200).optional(),
});
export const updateUserCustomerEmailAnswerSchema = z.object({
  success: z.boolean(),
  user: userSummarySchema,
  token: z.string().nullable().optional(),
});

/**
 * Run `hs_check_email` (staff): the customer-relationship contact of an email, as `item`, with
 * the mobile phone and resale number its customer's sign-up gave (null before it signs up).
 */
export const hsCheckEmailParamsSchema = z.object({ email: emailSchema });
export const crmContactSchema = z.object({
  email: z.string(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  customer: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.number(),
  mobile_phone: z.string().nullable(),
  resale_number: z.string().nullable(),
});
export type CrmContact = z.infer<typeof crmContactSchema>;
export const hsCheckEmailAnswerSchema = z.object({
  success: z.boolean(),
  item: crmContactSchema.nullable(),
});

/** Run `hunter_new_contact_hs` (staff): records a contact owned by `owner_id`. */
export const hunterNewContactParamsSchema = z.object({
  email: emailSchema,
  hunter: text(64),
  owner_id: text(64),
});

/** Run `add_user`: another user of a customer (its main user, or staff for any customer). */
export const addUserParamsSchema = z.object({
  email: emailSchema,
  first_name: requiredText(80),
  last_name: requiredText(80),
  password: z.string().min(8).max(200),
  customer: text(64).optional(),
});

/** Run `list_user`: the users of a customer (own customer; staff may name one). */
export const listUserParamsSchema = z.object({ customer: text(64).optional() });
export const userListAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(userSummarySchema),
});

/** Run `update_user`: names and active flag of a user of one's own customer. */
export const updateUserParamsSchema = z.object({
  user_key: requiredText(64),
  first_name: requiredText(80).optional(),
  last_name: requiredText(80).optional(),
  active: z.boolean().optional(),
});

/** Run `sales_update_user` (staff): what sales may change on any user. */
export const salesUpdateUserParamsSchema = z.object({
  user_key: requiredText(64),
  active: z.boolean().optional(),
  account_manager: text(64).nullable().optional(),
  hunter: z.boolean().optional(),
  admin_redirect: z.boolean().optional(),
});
export const userAnswerSchema = z.object({ success: z.boolean(), user: userSummarySchema });

/** Run `login_as_customer` (staff on the manager_admin allow list or hunters). */
export const loginAsCustomerParamsSchema = z.object({ customer: requiredText(64) });

/** Run `send_referral`: invites friends by email with this customer's referral code. */
export const sendReferralParamsSchema = z.object({
  emails: z.array(emailSchema).min(1).max(REFERRAL_EMAILS_PER_SEND),
});
/** Why an address got no mail: invited today already, or the customer's daily mail cap. */
export const mailNotSentReasonSchema = z.enum(['duplicate', 'daily_limit', 'self', 'has_account']);
export const sendReferralAnswerSchema = z.object({
  success: z.boolean(),
  sent: z.number().int(),
  referral_code: z.string(),
  /** The addresses that got no mail, and why (ours: issue 21). */
  not_sent: z.array(z.object({ email: z.string(), reason: mailNotSentReasonSchema })),
  /** Says what was not sent and why, or null when every address was mailed. */
  message: z.string().nullable(),
});
export type SendReferralAnswer = z.infer<typeof sendReferralAnswerSchema>;

/**
 * POST /api/customer/find_referral body and answer. With `customer` (staff) or neither: the
 * referral and code of that customer, or of the caller's own. With `referral_code` (any caller,
 * a visitor too) the answer is `referralCodeAnswerSchema`'s instead.
 */
export const findReferralBodySchema = z.object({
  customer: text(64).optional(),
  referral_code: text(64).optional(),
});
export const findReferralAnswerSchema = z.object({
  success: z.boolean(),
  results: z.object({
    referral: z.nullable(referralSchema),
    referral_code: z.string().nullable(),
  }),
});
export type FindReferralAnswer = z.infer<typeof findReferralAnswerSchema>;

/**
 * POST /api/customer/find_referral answer for a `referral_code` (spec §4 sign-up flow: the code
 * a visitor arrived with): whether a customer gives it, and that customer's company name. The
 * code as the sign-up stores it (trimmed, upper case).
 */
export const referralCodeAnswerSchema = z.object({
  success: z.boolean(),
  results: z.object({
    referral_code: z.string(),
    valid: z.boolean(),
    /** The referring company; null when no customer has the code. */
    referred_by_name: z.string().nullable(),
  }),
});
export type ReferralCodeAnswer = z.infer<typeof referralCodeAnswerSchema>;

/** GET /api/dev/mailbox answer: the outbox, newest first, with the links in each mail. */
export const mailboxAnswerSchema = z.object({
  success: z.boolean(),
  results: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      links: z.array(z.string()),
      created_at: z.number(),
      sent_at: z.number().nullable(),
    }),
  ),
});
export type MailboxAnswer = z.infer<typeof mailboxAnswerSchema>;
