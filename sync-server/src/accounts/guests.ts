import type { Context } from 'koa';
import type { z } from 'zod';
import type { guestSignInParamsSchema, guestUpgradeParamsSchema } from '@stemline/shared';
import {
  accountMessages,
  emailOnDomain,
  messages,
  stemlineMessages,
  type GuestSignInAnswer,
  type Referral,
  type SignUpAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { hashPassword } from '../auth/passwords';
import { authClaims } from '../auth/require-auth';
import { createUnreadRemovalsToNotices } from '../cart/removed-line-report';
import { createUnconfirmedHolds } from '../cart/unconfirmed-holds';
import { DomainError } from '../kernel/domain-error';
import { emailVerificationMail } from '../mail/templates';
import { admitNewAccount } from '../rate-limit/new-accounts';
import { NO_PASSWORD } from './company-user-repository';
import { verificationLink } from './email-verification';
import { publicOrigin } from './public-origin';
import { signedIn } from '../auth/last-login';
import { issueSession } from '../auth/session-answer';
import { hunterFieldsOfUpgrade, staffBehindUpgrade } from './hunter-fields';
import {
  contactOwner,
  customerFromPayload,
  payloadProblem,
  referralFor,
  signUpFailure,
  type SignUpOutcome,
} from './sign-up';

type GuestSignInParams = z.infer<typeof guestSignInParamsSchema>;

/**
 * Run `guest_sign_in`: prices after giving an email (spec §1). A new email gets a guest account
 * with no password and a verification mail; a password-less guest signs in again. Either way the
 * session is email-only (auth/mailbox-proof.ts): an email proves nothing, so it sees prices and
 * fills a new cart, and the verification link proves the mailbox for the rest. An email of an
 * account with a password must log in with it (409). The captcha is used up first. A new
 * account counts against the client address's hourly limit: over it, a 429 and no account, no
 * mail.
 */
export async function guestSignIn(
  app: AppContext,
  ctx: Context,
  params: GuestSignInParams,
): Promise<{ status: number; answer: GuestSignInAnswer }> {
  const { users, accounts } = app.repos;
  const { captcha, configLookups, mailQuota } = app.services;
  const fail = (status: number, error: string) => ({
    status,
    answer: { ...signUpFailure(status, error).answer, created: false },
  });
  if (emailOnDomain(params.email, await configLookups.staffCompanyDomains())) {
    return fail(403, accountMessages.staffUseLoginAs);
  }
  if (emailOnDomain(params.email, await configLookups.fakeEmailDomains())) {
    return fail(400, messages.emailDoesNotSeemRight);
  }
  if (!(await captcha.consume(params.reCaptchaToken)))
    return fail(400, accountMessages.captchaFailed);
  const existing = await users.findByEmail(params.email);
  if (existing) {
    if (!existing.user.metadata.guest || existing.passwordHash !== NO_PASSWORD) {
      return fail(409, accountMessages.emailTaken);
    }
    if (!existing.active) return fail(403, stemlineMessages.inactiveUser);
    const session = await issueSession(app, await signedIn(app, existing), undefined, 'email_only');
    return {
      status: 200,
      answer: {
        success: true,
        token: session.token,
        user: session.user,
        error: null,
        created: false,
      },
    };
  }
  let referral: Referral | null;
  try {
    referral = await referralFor(app, params.referral);
  } catch (error) {
    if (error instanceof DomainError) return fail(400, error.message);
    throw error;
  }
  // Only a new account counts: staff of one shop signing in again as their guest never do.
  if (!(await admitNewAccount(app, ctx))) return fail(429, accountMessages.tooManyNewAccounts);
  const { customerKey, userKey } = await accounts.createAccount(
    {
      name: 'Guest',
      business: null,
      zipcode: null,
      guest: true,
      preferences: {},
      profile: {
        ...(params.utm_source && { utm_source: params.utm_source }),
        ...(params.utm_medium && { utm_medium: params.utm_medium }),
        ...(params.utm_campaign && { utm_campaign: params.utm_campaign }),
        ...(params.utm_pos && { utm_pos: params.utm_pos }),
        ...(params.hutk && { hutk: params.hutk }),
      },
      referral,
      ownerKey: null,
    },
    { email: params.email, passwordHash: NO_PASSWORD, first_name: '', last_name: '' },
  );
  // Counted against the new customer's daily cap like every other mail it asks for.
  await mailQuota.send(
    customerKey,
    [
      emailVerificationMail(
        params.email,
        verificationLink(app, publicOrigin(app, ctx), {
          email: params.email,
          customer: customerKey,
        }),
      ),
    ],
    { dropDuplicates: false },
  );
  const stored = await users.findByKey(userKey);
  if (!stored) throw new Error('the guest just created is missing');
  const session = await issueSession(app, await signedIn(app, stored), undefined, 'email_only');
  return {
    status: 200,
    answer: { success: true, token: session.token, user: session.user, error: null, created: true },
  };
}

/**
 * Run `user_guest_upgrade`: the signed-in guest becomes a full account with the sign-up form's
 * answers and a password. Same customer key, so the cart and favourites stay (spec §6). An
 * email-only session never gets here (auth/mailbox-proof.ts): the mailbox is proven first. The
 * caller is signed in as the guest: the contact owner and created_by_hunter it sends count only
 * from staff's login-as session of it (`staffBehindUpgrade`), never from the guest's own.
 */
export async function upgradeGuest(
  app: AppContext,
  ctx: Context,
  sent: z.infer<typeof guestUpgradeParamsSchema>,
): Promise<SignUpOutcome> {
  const { users, accounts, crmContacts } = app.repos;
  const claims = authClaims(ctx);
  const stored = claims.scope === undefined ? await users.findByKey(claims.sub) : undefined;
  const customerKey = stored?.user.metadata.customer;
  if (!stored || !customerKey || !stored.user.metadata.guest) {
    return signUpFailure(403, accountMessages.onlyGuestsUpgrade);
  }
  const staffKey = await staffBehindUpgrade(app, ctx);
  const params = hunterFieldsOfUpgrade(sent, staffKey);
  if (params.email !== stored.user.email.toLowerCase()) {
    return signUpFailure(400, messages.emailDoesNotSeemRight);
  }
  const problem = await payloadProblem(app, params);
  if (problem) return problem;
  let referral: Referral | null;
  let ownerKey: string | null;
  try {
    referral = await referralFor(app, params.referral);
    ownerKey = await contactOwner(app, params.hunter);
  } catch (error) {
    if (error instanceof DomainError) return signUpFailure(400, error.message);
    throw error;
  }
  const passwordHash = await hashPassword(params.password);
  const unreadRemovalsToNotices = createUnreadRemovalsToNotices(app);
  const after = await app.transactional(async () => {
    await accounts.upgradeGuest(
      customerKey,
      stored.user.key,
      {
        ...customerFromPayload(params, referral, ownerKey),
        preferencesPatch: params.created_by_hunter || ownerKey ? { created_by_hunter: true } : {},
      },
      { passwordHash, first_name: params.first_name, last_name: params.last_name },
    );
    // As a hunter sign-up does: the contact with its owner and the rep (sign-up.ts).
    if (ownerKey && staffKey)
      await crmContacts.saveContact(params.email, ownerKey, customerKey, staffKey);
    // A full buyer's regular lines are not held (shared `holdsEveryLine`).
    const cleared = await createUnconfirmedHolds(app).clearRegularHolds(customerKey);
    // Products the guest's message modal had not shown yet: a full buyer reads notices.
    return { cleared, told: await unreadRemovalsToNotices(customerKey) };
  })();
  if (after.told > 0) app.changes.poke(customerKey, ['notices']);
  if (after.cleared > 0) app.changes.poke(customerKey, ['cart_lines']);
  const upgraded = await users.findByKey(stored.user.key);
  if (!upgraded) throw new Error('the upgraded user is missing');
  const session = await issueSession(app, upgraded);
  const answer: SignUpAnswer = {
    success: true,
    token: session.token,
    user: session.user,
    error: null,
  };
  return { status: 200, answer };
}
