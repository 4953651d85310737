import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  accountMessages,
  checkVerificationLinkFields,
  emailOnDomain,
  firstProblem,
  keptFollowUps,
  VERIFICATION_LINK_FIELDS,
  type VerificationLinkFields,
  type VerifyEmailAccountAnswer,
  type VerifyEmailAccountParams,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { NO_PASSWORD } from './company-user-repository';
import { signedIn } from '../auth/last-login';
import { issueSession } from '../auth/session-answer';
import { createUnconfirmedHolds } from '../cart/unconfirmed-holds';

/** A verification link stays good this long. */
export const VERIFICATION_LINK_LIFETIME_MS = 7 * 24 * 3600_000;

export interface VerificationLinkContent extends VerificationLinkFields {
  email: string;
  customer?: string | undefined;
}

/** The signed values in a fixed order, so the same link always gives the same signature. */
function canonical(content: VerificationLinkContent, exp: number): string {
  const entries: [string, string][] = [['email', content.email.toLowerCase()]];
  if (content.customer) entries.push(['customer', content.customer]);
  for (const field of VERIFICATION_LINK_FIELDS) {
    const value = content[field];
    if (value) entries.push([field, value]);
  }
  entries.push(['exp', String(exp)]);
  return JSON.stringify(entries);
}

function signature(app: AppContext, content: VerificationLinkContent, exp: number): string {
  const key = createHmac('sha256', app.jwtSecret).update('email-verification-link').digest();
  return createHmac('sha256', key).update(canonical(content, exp)).digest('base64url');
}

/**
 * The email-verification link of spec §2: `/shopping/home?utm_source=email_verification_signed`
 * with the email, the customer and the §2 fields, plus its expiry and an HMAC over all of them,
 * so nobody can make a link for an address they do not read.
 */
export function verificationLink(
  app: AppContext,
  origin: string,
  content: VerificationLinkContent,
): string {
  const exp = app.now() + VERIFICATION_LINK_LIFETIME_MS;
  const query = new URLSearchParams({
    utm_source: 'email_verification_signed',
    email: content.email,
  });
  if (content.customer) query.set('customer', content.customer);
  for (const field of VERIFICATION_LINK_FIELDS) {
    const value = content[field];
    if (value) query.set(field, value);
  }
  query.set('exp', String(exp));
  query.set('sig', signature(app, content, exp));
  return `${origin}/shopping/home?${query.toString()}`;
}

/** Why a verification link's content may not make an account: the status and the message. */
export interface LinkRefusal {
  status: 400 | 403;
  error: string;
}

/**
 * The sign-up rules a link's content must pass (spec §5, §6), as sign-up holds them: a staff
 * address on the company domain never becomes a buyer (403), and the email and each §2 field
 * given pass the forms' rules with the server's fake-domain list (400). Null when it passes.
 */
export async function linkContentProblem(
  app: AppContext,
  content: VerificationLinkContent,
): Promise<LinkRefusal | null> {
  const { configLookups } = app.services;
  if (emailOnDomain(content.email, await configLookups.staffCompanyDomains())) {
    return { status: 403, error: accountMessages.staffUseLoginAs };
  }
  const problem = firstProblem(
    checkVerificationLinkFields(content, {
      fakeEmailDomains: await configLookups.fakeEmailDomains(),
    }),
  );
  return problem ? { status: 400, error: problem } : null;
}

function hasGoodSignature(app: AppContext, params: VerifyEmailAccountParams): boolean {
  if (params.exp < app.now()) return false;
  const expected = Buffer.from(signature(app, params, params.exp));
  const given = Buffer.from(params.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Spec §4 email-verification link, as the run operation `verify_email_account`: a guest is
 * logged in and its email marked verified ('Login successful'), every earlier session of it
 * ended (whoever typed the email first loses theirs); an unknown email gets a guest
 * account made from the link's fields ('Created Account Successfully'); a full account must log
 * in with its password (409, the 'already belongs to an account' message). The link's content
 * passes the sign-up rules again here (`linkContentProblem`), as a link may predate a rule.
 */
export async function verifyEmailAccount(
  app: AppContext,
  params: VerifyEmailAccountParams,
): Promise<{ status: number; answer: VerifyEmailAccountAnswer }> {
  const { users, accounts, companyUsers } = app.repos;
  const fail = (status: number, error: string) => ({
    status,
    answer: { success: false, token: null, user: null, error, created: false, message: null },
  });
  if (!hasGoodSignature(app, params)) return fail(400, accountMessages.verificationLinkInvalid);
  const refusal = await linkContentProblem(app, params);
  if (refusal) return fail(refusal.status, refusal.error);
  const existing = await users.findByEmail(params.email);
  if (existing && !existing.user.metadata.guest) return fail(409, accountMessages.emailTaken);
  if (existing && !existing.active) return fail(403, accountMessages.verificationLinkInvalid);
  let userKey = existing?.user.key;
  const created = !existing;
  const customerKey = existing?.user.metadata.customer;
  if (customerKey) {
    // Confirmed: the guest's regular lines stay in its cart without a time limit from now on.
    const cleared = await app.transactional(async () => {
      await accounts.mergePreferences(customerKey, { email_verified: true });
      return createUnconfirmedHolds(app).clearRegularHolds(customerKey);
    })();
    if (cleared > 0) app.changes.poke(customerKey, ['cart_lines']);
  }
  if (existing) {
    // Anyone may have typed this email before its owner (guest_sign_in): their email-only
    // sessions would see and change what the owner adds from now on. The proof ends them all.
    await companyUsers.endEarlierSessions(existing.user.key);
    app.changes.endSessions(existing.user.key);
  } else {
    const account = await accounts.createAccount(
      {
        name: params.company_name || 'Guest',
        business: params.business ?? null,
        zipcode: params.zipcode ?? null,
        mainCity: params.city ?? null,
        mainState: params.state ?? null,
        guest: true,
        preferences: { email_verified: true },
        profile: {
          ...(params.resale_number && { resale_number: params.resale_number }),
          ...(params.mobile_phone && { mobile_phone: params.mobile_phone }),
          ...keptFollowUps(params.business ?? '', params),
          utm_source: 'email_verification_signed',
        },
        referral: null,
        ownerKey: null,
      },
      {
        email: params.email,
        passwordHash: NO_PASSWORD,
        first_name: params.first_name ?? '',
        last_name: params.last_name ?? '',
      },
    );
    userKey = account.userKey;
  }
  const stored = userKey ? await users.findByKey(userKey) : undefined;
  if (!stored) throw new Error('the verified account is missing');
  const session = await issueSession(app, await signedIn(app, stored));
  return {
    status: 200,
    answer: {
      success: true,
      token: session.token,
      user: session.user,
      error: null,
      created,
      message: created ? accountMessages.createdAccount : accountMessages.loginSuccessful,
    },
  };
}
