import Router from '@koa/router';
import type { Context } from 'koa';
import {
  checkoutReviewArgsSchema,
  extendHoldsArgsSchema,
  placeOrderArgsSchema,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import type { RunOperations } from '../http/cs-run';
import { callerCustomer } from '../auth/caller-customer';
import { createExtendHolds } from './extend-holds';
import { httpStatusOf } from '../http/http-status';
import type { Outcome } from '../kernel/outcome';
import { createPlaceOrder } from './place-order';
import { createReviewCheckout } from './review-checkout';

/**
 * The REST faces of checkout. Each runs the same function as its queued mutation, in one
 * transaction, and pokes the caller's devices after the commit.
 */
function createCheckoutCalls(app: AppContext) {
  const placeOrder = app.transactional(createPlaceOrder(app));
  const extendHolds = app.transactional(createExtendHolds(app));
  const review = app.transactional(createReviewCheckout(app));

  function answer<T>(
    ctx: Context,
    customerKey: string,
    outcome: Outcome<T>,
    body: (value: T) => object,
  ) {
    if (outcome.status === 'rejected') {
      ctx.status = httpStatusOf(outcome.code);
      return { success: false, error: outcome.message, code: outcome.code };
    }
    if (outcome.touched.length > 0) app.changes.poke(customerKey, outcome.touched);
    return { success: true, ...body(outcome.value), message: outcome.message };
  }

  return {
    async placeOrder(ctx: Context, input: unknown) {
      const args = placeOrderArgsSchema.parse(input);
      const customerKey = callerCustomer(ctx, args.customer);
      return answer(ctx, customerKey, await placeOrder(customerKey, args), (placed) => ({
        result: placed.order,
        orders: placed.orders,
      }));
    },
    async extendHolds(ctx: Context, input: unknown) {
      const args = extendHoldsArgsSchema.parse(input);
      const customerKey = callerCustomer(ctx, args.customer);
      return answer(ctx, customerKey, await extendHolds(customerKey), (lines) => ({
        extended: lines.length,
        items: lines,
      }));
    },
    async review(ctx: Context, input: unknown) {
      const args = checkoutReviewArgsSchema.parse(input);
      return review(callerCustomer(ctx, args.customer));
    },
  };
}

/** POST /api/checkout/{review, place_order, extend_expiration_boxes}. */
export function checkoutRoutes(app: AppContext): Router {
  const router = new Router();
  const calls = createCheckoutCalls(app);
  router.post('/api/checkout/review', async (ctx) => {
    ctx.body = await calls.review(ctx, ctx.request.body ?? {});
  });
  router.post('/api/checkout/place_order', async (ctx) => {
    ctx.body = await calls.placeOrder(ctx, ctx.request.body);
  });
  router.post('/api/checkout/extend_expiration_boxes', async (ctx) => {
    ctx.body = await calls.extendHolds(ctx, ctx.request.body ?? {});
  });
  return router;
}

/** `place_order` and `extend_expiration_boxes` of `POST /api/cs/run`. */
export function checkoutOperations(app: AppContext): RunOperations {
  const calls = createCheckoutCalls(app);
  return {
    place_order: (ctx, params) => calls.placeOrder(ctx, params),
    extend_expiration_boxes: (ctx, params) => calls.extendHolds(ctx, params),
  };
}
