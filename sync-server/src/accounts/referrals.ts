import Router from '@koa/router';
import {
  accountMessages,
  findReferralBodySchema,
  MAILS_PER_CUSTOMER_PER_DAY,
  sendReferralParamsSchema,
  stemlineMessages,
  type FindReferralAnswer,
  type ReferralCodeAnswer,
  type SendReferralAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf, userKeyOf } from '../auth/require-auth';
import { isStaff } from '../auth/staff-access';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import type { QuotaOutcome } from '../mail/mail-quota';
import { referralMail } from '../mail/templates';
import { throttleEmailLookup } from '../rate-limit/email-lookups';
import { publicOrigin } from './public-origin';

/**
 * Referrals (spec §1, §9: 15% off the first order). Run `send_referral` mails friends a sign-up
 * link with this customer's code, within the customer's daily mail cap and once a day per friend
 * (the answer lists who got no mail, and why); a sign-up with the code records the referral on the new
 * customer (the checkout applies it). POST /api/customer/find_referral reads both, or checks a
 * code for the create-account page.
 */
export function referralOperations(app: AppContext): RunOperations {
  const { accounts, users } = app.repos;
  const { mailQuota } = app.services;
  return {
    async send_referral(ctx, params) {
      const customerKey = customerKeyOf(ctx);
      const { emails } = sendReferralParamsSchema.parse(params);
      const customer = await accounts.customer(customerKey);
      if (!customer || customer.guest)
        throw new DomainError('forbidden', stemlineMessages.forbidden);
      const code = await accounts.ensureReferralCode(customerKey);
      const link = `${publicOrigin(app, ctx)}/shopping/home?referral_code=${encodeURIComponent(code)}`;
      // A referral is for someone new: not the caller, not an address that already has an account.
      const own = (await users.findByKey(userKeyOf(ctx)))?.user.email.trim().toLowerCase();
      const self = emails.filter((email) => email.trim().toLowerCase() === own);
      const taken: string[] = [];
      for (const email of emails) {
        const normalized = email.trim().toLowerCase();
        if (normalized !== own && (await users.findByEmail(normalized)) !== undefined)
          taken.push(email);
      }
      const outcome = await mailQuota.send(
        customerKey,
        emails
          .filter((email) => !self.includes(email) && !taken.includes(email))
          .map((email) => referralMail(email, customer.name, link)),
        { dropDuplicates: true },
      );
      const refused = [
        self[0] !== undefined ? accountMessages.referralSelf(self[0]) : '',
        taken.length > 0 ? accountMessages.referralHasAccount(taken) : '',
      ].filter(Boolean);
      return {
        success: true,
        sent: outcome.sent.length,
        referral_code: code,
        not_sent: [
          ...self.map((email) => ({ email, reason: 'self' as const })),
          ...taken.map((email) => ({ email, reason: 'has_account' as const })),
          ...outcome.duplicates.map((email) => ({ email, reason: 'duplicate' as const })),
          ...outcome.overLimit.map((email) => ({ email, reason: 'daily_limit' as const })),
        ],
        message: [...refused, notSentMessage(outcome) ?? ''].filter(Boolean).join(' ') || null,
      } satisfies SendReferralAnswer;
    },
  };
}

export function referralRoutes(app: AppContext): Router {
  const router = new Router();
  const { accounts } = app.repos;
  router.post('/api/customer/find_referral', async (ctx) => {
    const body = findReferralBodySchema.parse(ctx.request.body);
    if (body.referral_code !== undefined) {
      if (body.customer !== undefined) {
        throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
      }
      await throttleEmailLookup(app, ctx);
      ctx.body = await referralCodeAnswer(app, body.referral_code);
      return;
    }
    const customerKey =
      body.customer !== undefined && (await isStaff(ctx, app)) ? body.customer : customerKeyOf(ctx);
    if (body.customer !== undefined && body.customer !== customerKey) {
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    }
    const customer = await accounts.customer(customerKey);
    if (!customer) throw new DomainError('not_found', stemlineMessages.forbidden);
    ctx.body = {
      success: true,
      results: { referral: customer.referral, referral_code: customer.referralCode },
    } satisfies FindReferralAnswer;
  });
  return router;
}

/**
 * Whether a customer gives `code`, and which (its company name): what a sign-up with the code
 * would record (`referralFor`), for any caller, a visitor's public token included. The code
 * (about 40 bits, mailed only to the invited friends) is the secret: its holder may learn who
 * sent it, as the invitation mail said. Checks count as email look-ups of the client address,
 * so walking through codes is as slow as walking through emails.
 */
async function referralCodeAnswer(app: AppContext, code: string): Promise<ReferralCodeAnswer> {
  const { accounts } = app.repos;
  const referrerKey = await accounts.customerByReferralCode(code);
  const referrer = referrerKey === undefined ? undefined : await accounts.customer(referrerKey);
  return {
    success: true,
    results: {
      referral_code: code.trim().toUpperCase(),
      valid: referrer !== undefined,
      referred_by_name: referrer?.name ?? null,
    },
  };
}

/** What the answer says about the addresses that got no mail; null when every one was mailed. */
function notSentMessage(outcome: QuotaOutcome): string | null {
  const parts = [
    outcome.duplicates.length > 0 ? accountMessages.mailAlreadySentToday(outcome.duplicates) : '',
    outcome.overLimit.length > 0
      ? accountMessages.mailDailyLimit(MAILS_PER_CUSTOMER_PER_DAY, outcome.overLimit)
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}
