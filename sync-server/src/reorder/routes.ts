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
import { createCatalogRepository } from '../catalog/catalog-repository';
import { callerCustomer } from '../checkout/caller-customer';
import { httpStatusOf } from '../checkout/outcome';
import { DomainError } from '../http/domain-error';
import { createOrderRepository } from '../orders/order-repository';
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
  const reorder = app.db.transaction(createReorder(app));
  const catalog = createCatalogRepository(app.db);
  const orders = createOrderRepository(app.db);
  const lastOrder = app.db.prepare<[string], { doc: string }>(
    `SELECT doc FROM orders WHERE customer_key = ? AND deleted = 0
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );

  router.post('/api/repurchase_products', (ctx) => {
    const request = repurchaseRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, request.customer);
    const outcome = reorder(customerKey, request);
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
    const row = lastOrder.get(customerKey);
    const order = row ? orders.get(customerKey, (JSON.parse(row.doc) as Order).key) : undefined;
    ctx.body = {
      success: true,
      result: order ?? null,
      items: order ? reorderItemsOf(order, false) : [],
    };
  });
  return router;
}
