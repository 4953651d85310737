import Router from '@koa/router';
import {
  findReferralBodySchema,
  sendReferralParamsSchema,
  stemlineMessages,
  type FindReferralAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { isStaff } from '../auth/staff-access';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../http/domain-error';
import { referralMail } from '../mail/templates';
import { accountServices } from './account-services';
import { publicOrigin } from './public-origin';

/**
 * Referrals (spec §1, §9: 15% off the first order). Run `send_referral` mails friends a sign-up
 * link with this customer's code; a sign-up with the code records the referral on the new
 * customer (the checkout applies it). POST /api/customer/find_referral reads both.
 */
export function referralOperations(app: AppContext): RunOperations {
  const { accounts, mailer } = accountServices(app);
  return {
    send_referral(ctx, params) {
      const customerKey = customerKeyOf(ctx);
      const { emails } = sendReferralParamsSchema.parse(params);
      const customer = accounts.customer(customerKey);
      if (!customer || customer.guest)
        throw new DomainError('forbidden', stemlineMessages.forbidden);
      const code = accounts.ensureReferralCode(customerKey);
      const link = `${publicOrigin(app, ctx)}/shopping/home?referral_code=${encodeURIComponent(code)}`;
      const unique = [...new Set(emails)];
      for (const email of unique) mailer.send(referralMail(email, customer.name, link));
      return { success: true, sent: unique.length, referral_code: code };
    },
  };
}

export function referralRoutes(app: AppContext): Router {
  const router = new Router();
  const { accounts, users } = accountServices(app);
  router.post('/api/customer/find_referral', (ctx) => {
    const body = findReferralBodySchema.parse(ctx.request.body);
    const customerKey =
      body.customer !== undefined && isStaff(ctx, users) ? body.customer : customerKeyOf(ctx);
    if (body.customer !== undefined && body.customer !== customerKey) {
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    }
    const customer = accounts.customer(customerKey);
    if (!customer) throw new DomainError('not_found', stemlineMessages.forbidden);
    ctx.body = {
      success: true,
      results: { referral: customer.referral, referral_code: customer.referralCode },
    } satisfies FindReferralAnswer;
  });
  return router;
}
