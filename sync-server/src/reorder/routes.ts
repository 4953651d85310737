import Router from '@koa/router';
import {
  findByKeysRequestSchema,
  loadLastOrderRequestSchema,
  orderInDollars,
  reorderItemsOf,
  repurchaseRequestSchema,
  runOutcomeInDollars,
  stemlineMessages,
  type RepurchaseAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf, userKeyOf } from '../auth/require-auth';
import { callerCustomer } from '../auth/caller-customer';
import { httpStatusOf } from '../http/http-status';
import { DomainError } from '../kernel/domain-error';
import { createReorder } from './reorder';

/**
 * Re-order (spec §7): `/repurchase_products {items, eta_date, address}` and `/find_by_keys
 * {keys}`, served under the client's `/api` prefix so the token gate covers them, and
 * `POST /api/purchase/load_last_order {user_key}` (the newest order not cancelled). The
 * customer is the token's; a body naming another customer or user is refused.
 */
export function reorderRoutes(app: AppContext): Router {
  const router = new Router();
  const reorder = app.transactional(createReorder(app));
  const { catalog, orders } = app.repos;

  router.post('/api/repurchase_products', async (ctx) => {
    const request = repurchaseRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, request.customer);
    const outcome = await reorder(customerKey, request);
    if (outcome.status === 'rejected') {
      ctx.status = httpStatusOf(outcome.code);
      ctx.body = { success: false, error: outcome.message, code: outcome.code };
      return;
    }
    if (outcome.touched.length > 0) app.changes.poke(customerKey, outcome.touched);
    // A spec call: the outcomes' prices in dollars, as they always were.
    ctx.body = {
      ...outcome.value,
      results: outcome.value.results.map(runOutcomeInDollars),
    } satisfies RepurchaseAnswer;
  });

  router.post('/api/find_by_keys', async (ctx) => {
    const { keys } = findByKeysRequestSchema.parse(ctx.request.body);
    const results = [];
    for (const key of new Set(keys)) {
      const variety = await catalog.variety(key);
      results.push(
        variety
          ? {
              key,
              exists: true,
              name: variety.name,
              product_group_name: variety.product_group_name,
            }
          : { key, exists: false },
      );
    }
    ctx.body = { success: true, results };
  });

  router.post('/api/purchase/load_last_order', async (ctx) => {
    const { user_key } = loadLastOrderRequestSchema.parse(ctx.request.body);
    if (user_key !== userKeyOf(ctx)) throw new DomainError('forbidden', stemlineMessages.forbidden);
    const customerKey = customerKeyOf(ctx);
    const order = await orders.latestToRepeat(customerKey);
    ctx.body = {
      success: true,
      result: order ? orderInDollars(order) : null,
      items: order ? reorderItemsOf(order, false) : [],
    };
  });
  return router;
}
