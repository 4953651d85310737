import type { Context } from 'koa';
import {
  claimFinishArgsSchema,
  claimInDollars,
  claimMessages,
  claimRefArgsSchema,
  claimReviewParamsSchema,
  claimSetupParamsSchema,
  inDollars,
  type Claim,
  type Notice,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { requireStaff } from '../auth/staff-access';
import { callerCustomer } from '../auth/caller-customer';
import { httpStatusOf } from '../http/http-status';
import type { Outcome } from '../kernel/outcome';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import { createClaims, type ClaimOutcome } from './claims';

/**
 * Claim operations of `POST /api/cs/run` (spec §7): `claim_setup`, `claim_detail`,
 * `claim_update`, `claim_finish`, `claim_delete` act for the caller's own customer only and
 * answer amounts in dollars, as the spec's claim columns give them (`claimInDollars`);
 * `claim_review` is staff's and ours, in cents. Each write runs in one transaction and pokes
 * the devices.
 */
export function claimOperations(app: AppContext): RunOperations {
  const claims = createClaims(app);
  const finish = app.transactional(claims.finish);
  const update = app.transactional(claims.update);
  const withdraw = app.transactional((customerKey: string, claimKey: string) =>
    claims.withdraw(customerKey, claimKey),
  );
  const { notices } = app.repos;
  const review = app.transactional(
    async (customerKey: string, params: ReturnType<typeof claimReviewParamsSchema.parse>) => {
      const outcome = await claims.review(customerKey, params.claim_key, params);
      if (outcome.status === 'applied' && outcome.message && params.decision !== 'in_review') {
        // The buyer is told when the decision lands.
        const notice: Notice = {
          key: `claim-${outcome.value.key}-${params.decision}`,
          kind: 'claim_decided',
          message: outcome.message,
          created_at: app.now(),
        };
        await notices.add(customerKey, notice, await app.changes.next());
        return { ...outcome, touched: [...outcome.touched, 'notices' as const] };
      }
      return outcome;
    },
  );

  function answer<View>(
    ctx: Context,
    customerKey: string,
    outcome: Outcome<Claim> | ClaimOutcome,
    view: (claim: Claim) => View,
  ) {
    const results = 'results' in outcome ? outcome.results : undefined;
    if (outcome.status === 'rejected') {
      ctx.status = httpStatusOf(outcome.code);
      return { success: false, error: outcome.message, code: outcome.code, results };
    }
    app.changes.poke(customerKey, outcome.touched);
    return { success: true, result: view(outcome.value), message: outcome.message, results };
  }

  return {
    async claim_setup(ctx, params) {
      const query = claimSetupParamsSchema.parse(params);
      const setup = await claims.setup(callerCustomer(ctx, query.customer), query.order_key);
      if (!setup) throw new DomainError('not_found', claimMessages.orderNotFound);
      return {
        success: true,
        result: {
          order: setup.order.key,
          po: setup.order.number,
          lines: inDollars(setup.lines, { stem_price: 'cents' }),
        },
      };
    },
    async claim_detail(ctx, params) {
      const query = claimRefArgsSchema.parse(params);
      const claim = await claims.detail(callerCustomer(ctx, query.customer), query.claim_key);
      if (!claim) throw new DomainError('not_found', claimMessages.claimNotFound);
      return { success: true, result: claimInDollars(claim) };
    },
    async claim_finish(ctx, params) {
      const args = claimFinishArgsSchema.parse(params);
      const customerKey = callerCustomer(ctx, args.customer);
      return answer(ctx, customerKey, await finish(customerKey, args), claimInDollars);
    },
    async claim_update(ctx, params) {
      const args = claimFinishArgsSchema.parse(params);
      const customerKey = callerCustomer(ctx, args.customer);
      return answer(ctx, customerKey, await update(customerKey, args), claimInDollars);
    },
    async claim_delete(ctx, params) {
      const args = claimRefArgsSchema.parse(params);
      const customerKey = callerCustomer(ctx, args.customer);
      return answer(ctx, customerKey, await withdraw(customerKey, args.claim_key), claimInDollars);
    },
    async claim_review(ctx, params) {
      await requireStaff(ctx, app);
      const args = claimReviewParamsSchema.parse(params);
      return answer(ctx, args.customer, await review(args.customer, args), (claim) => claim);
    },
  };
}
