import Router from '@koa/router';
import {
  findByKeysRequestSchema,
  loadLastOrderRequestSchema,
  repurchaseRequestSchema,
  stemlineMessages,
  type Order,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf, userKeyOf } from '../auth/require-auth';
import { callerCustomer } from '../auth/caller-customer';
import { httpStatusOf } from '../http/http-status';
import { DomainError } from '../kernel/domain-error';
import { createReorder } from './reorder';

/** What a re-order sends for a past order: its placed lines, substitutes as the buyer allows. */
export function reorderItemsOf(order: Order, substitute: boolean) {
  return order.lines
    .filter((line) => line.status === 'placed')
    .map((line) => ({
      length: line.length,
      quantity: Math.min(line.boxes, 30),
      variety: line.variety_key,
      grower: line.grower_key,
      box_only: true,
      repurchase_cartbox_item: null,
      substitute,
    }));
}

/**
 * Re-order (spec §7): `/repurchase_products {items, eta_date, address}` and `/find_by_keys
 * {keys}`, served under the client's `/api` prefix so the token gate covers them, and
 * `POST /api/purchase/load_last_order {user_key}`. The customer is the token's; a body naming
 * another customer or user is refused.
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
    ctx.body = outcome.value;
  });

  router.post('/api/find_by_keys', (ctx) => {
    const { keys } = findByKeysRequestSchema.parse(ctx.request.body);
    ctx.body = {
      success: true,
      results: [...new Set(keys)].map((key) => {
        const variety = catalog.variety(key);
        return variety
          ? {
              key,
              exists: true,
              name: variety.name,
              product_group_name: variety.product_group_name,
            }
          : { key, exists: false };
      }),
    };
  });

  router.post('/api/purchase/load_last_order', (ctx) => {
    const { user_key } = loadLastOrderRequestSchema.parse(ctx.request.body);
    if (user_key !== userKeyOf(ctx)) throw new DomainError('forbidden', stemlineMessages.forbidden);
    const customerKey = customerKeyOf(ctx);
    const order = orders.latest(customerKey);
    ctx.body = {
      success: true,
      result: order ?? null,
      items: order ? reorderItemsOf(order, false) : [],
    };
  });
  return router;
}
