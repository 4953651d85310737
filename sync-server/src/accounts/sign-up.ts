import type { Context } from 'koa';
import {
  accountMessages,
  checkSignUpPayload,
  emailOnDomain,
  firstProblem,
  keptFollowUps,
  REFERRAL_DISCOUNT,
  type Referral,
  type SignUpAnswer,
  type SignUpPayload,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { hashPassword } from '../auth/passwords';
import { authClaims } from '../auth/require-auth';
import { DomainError } from '../kernel/domain-error';
import { admitNewAccount } from '../rate-limit/new-accounts';
import type { NewCustomer } from './account-repository';
import { signedIn } from '../auth/last-login';
import { issueSession } from '../auth/session-answer';
import { hunterFieldsFromStaffOnly } from './hunter-fields';

export interface SignUpOutcome {
  status: number;
  answer: SignUpAnswer;
}

export const signUpFailure = (
  status: number,
  error: string,
  errors?: Record<string, string>,
): SignUpOutcome => ({
  status,
  answer: { success: false, token: null, user: null, error, ...(errors && { errors }) },
});

/** The referral a code stands for, or a DomainError for a code no customer has. */
export async function referralFor(
  app: AppContext,
  code: string | undefined,
): Promise<Referral | null> {
  if (!code) return null;
  const referrer = await app.repos.accounts.customerByReferralCode(code);
  if (!referrer) throw new DomainError('invalid_request', accountMessages.referralUnknown);
  return {
    code: code.trim().toUpperCase(),
    referred_by: referrer,
    discount: REFERRAL_DISCOUNT,
    first_order_only: true,
    used: false,
  };
}

/** The contact owner a hunter sign-up names: an active staff user, or a DomainError. */
export async function contactOwner(
  app: AppContext,
  ownerKey: string | undefined,
): Promise<string | null> {
  if (!ownerKey) return null;
  const owner = await app.repos.users.findByKey(ownerKey);
  if (!owner?.active || owner.user.role !== 'manager') {
    throw new DomainError('invalid_request', accountMessages.contactOwnerUnknown);
  }
  return owner.user.key;
}

/**
 * The customer fields a sign-up payload fills (a new account, or a guest's upgrade). From the
 * v2 form only the business type's own follow-up answer is kept (spec §5: the other is
 * cleared); the older form asks both questions and requires both, so it keeps both.
 */
export function customerFromPayload(
  payload: Omit<SignUpPayload, 'reCaptchaToken'>,
  referral: Referral | null,
  ownerKey: string | null,
): Omit<NewCustomer, 'guest' | 'preferences'> {
  const followUps =
    payload.signup_form === 'v2' ? keptFollowUps(payload.business, payload) : payload;
  return {
    name: payload.company_name,
    business: payload.business,
    zipcode: payload.zipcode,
    mainCity: payload.city ?? null,
    mainState: payload.state ?? null,
    referral,
    ownerKey,
    profile: {
      company_name: payload.company_name,
      resale_number: payload.resale_number,
      mobile_phone: payload.mobile_phone,
      website: payload.website,
      business: payload.business,
      ...(followUps.events_per_year && { events_per_year: followUps.events_per_year }),
      ...(followUps.storefront_type && { storefront_type: followUps.storefront_type }),
      ...(payload.others_business && { others_business: payload.others_business }),
      ...(payload.expenses && { expenses: payload.expenses }),
      ...(payload.heard_from && { heard_from: payload.heard_from }),
      ...(payload.store_count && { store_count: payload.store_count }),
      ...(payload.employee_count && { employee_count: payload.employee_count }),
      ...(payload.first_order_timing && { first_order_timing: payload.first_order_timing }),
      agree_text_messages: payload.agree_text_messages,
      from_beta: payload.from_beta ?? false,
      signup_form: payload.signup_form,
      ...(payload.utm_pos && { utm_pos: payload.utm_pos }),
      ...(payload.utm_source && { utm_source: payload.utm_source }),
      ...(payload.utm_medium && { utm_medium: payload.utm_medium }),
      ...(payload.utm_campaign && { utm_campaign: payload.utm_campaign }),
      ...(payload.hutk && { hutk: payload.hutk }),
    },
  };
}

/**
 * The §5 rules of the form that sent the payload, with the server's fake-domain list, and the
 * staff-domain rule. Returns the failure to answer, or null.
 */
export async function payloadProblem(
  app: AppContext,
  payload: Omit<SignUpPayload, 'reCaptchaToken'>,
): Promise<SignUpOutcome | null> {
  const { configLookups } = app.services;
  if (emailOnDomain(payload.email, await configLookups.staffCompanyDomains())) {
    return signUpFailure(403, accountMessages.staffUseLoginAs);
  }
  const check = checkSignUpPayload(
    { ...payload, reCaptchaToken: '' },
    { fakeEmailDomains: await configLookups.fakeEmailDomains() },
  );
  const problem = firstProblem(check);
  if (!problem) return null;
  const errors = Object.fromEntries(
    Object.entries(check.fields).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return signUpFailure(400, problem, errors);
}

/**
 * Spec §4 sign-up flow on the server: the form's rules, then the captcha (used up), then email
 * availability, then the client address's count of new accounts (429 over it), then the account
 * with its referral and contact owner. A refused sign-up writes nothing. The contact owner and
 * created_by_hunter count only from a staff caller (spec §6). Answers as login does, so the PWA
 * signs in with the token.
 */
export async function signUp(
  app: AppContext,
  ctx: Context,
  sent: SignUpPayload,
): Promise<SignUpOutcome> {
  const { accounts, crmContacts, users } = app.repos;
  const { captcha } = app.services;
  const payload = await hunterFieldsFromStaffOnly(app, ctx, sent);
  const problem = await payloadProblem(app, payload);
  if (problem) return problem;
  if (!(await captcha.consume(payload.reCaptchaToken))) {
    return signUpFailure(400, accountMessages.captchaFailed);
  }
  if (await users.findByEmail(payload.email)) return signUpFailure(409, accountMessages.emailTaken);
  let referral: Referral | null;
  let ownerKey: string | null;
  try {
    referral = await referralFor(app, payload.referral);
    ownerKey = await contactOwner(app, payload.hunter);
  } catch (error) {
    if (error instanceof DomainError) return signUpFailure(400, error.message);
    throw error;
  }
  // Counted last, so a refused form or a taken email costs nothing. A sales rep's hunter sign-up
  // (a contact owner kept: a staff caller, checked) is not counted against the rep's address.
  if (ownerKey === null && !(await admitNewAccount(app, ctx))) {
    return signUpFailure(429, accountMessages.tooManyNewAccounts);
  }
  const passwordHash = await hashPassword(payload.password);
  const createdByHunter = payload.created_by_hunter === true || ownerKey !== null;
  // Only a staff caller's payload keeps an owner (hunterFieldsFromStaffOnly): that rep, whose
  // claims it checked, is the contact's hunter.
  const hunterKey = ownerKey ? authClaims(ctx).sub : null;
  let created: { customerKey: string; userKey: string };
  try {
    // The account and its CRM contact together: a contact only ever stands for an account.
    created = await app.transactional(async () => {
      const account = await accounts.createAccount(
        {
          ...customerFromPayload(payload, referral, ownerKey),
          guest: false,
          preferences: createdByHunter ? { created_by_hunter: true } : {},
        },
        {
          email: payload.email,
          passwordHash,
          first_name: payload.first_name,
          last_name: payload.last_name,
        },
      );
      if (ownerKey && hunterKey)
        await crmContacts.saveContact(payload.email, ownerKey, account.customerKey, hunterKey);
      return account;
    })();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict') {
      return signUpFailure(409, accountMessages.emailTaken);
    }
    throw error;
  }
  const stored = await users.findByKey(created.userKey);
  if (!stored) throw new Error('the account just created is missing');
  // A rep's hunter sign-up signs in on the rep's device, as login-as does: not the customer's.
  const session = await issueSession(app, createdByHunter ? stored : await signedIn(app, stored));
  return {
    status: 200,
    answer: { success: true, token: session.token, user: session.user, error: null },
  };
}
