import Router from '@koa/router';
import {
  addToCartArgsSchema,
  groupCartLines,
  type AddToCartAnswer,
  type RejectionCode,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import type { RunOperations } from '../http/cs-run';
import { createAddToCart } from './add-to-cart';
import { createCartRepository } from './cart-repository';

/** A request that can never succeed is the caller's error; one refused by the stock is a conflict. */
const statusByRejection: Record<RejectionCode, number> = {
  invalid_args: 400,
  invalid_quantity: 400,
  offer_not_found: 404,
  sold_out: 409,
  box_limit: 409,
};

/** POST /api/cart_box/add_to_cart: the REST face of the `add_to_cart` mutation. */
export function cartRoutes(app: AppContext): Router {
  const router = new Router();
  const addToCart = createAddToCart(app);
  const cart = createCartRepository(app.db);
  const addInTransaction = app.db.transaction(addToCart);

  router.post('/api/cart_box/add_to_cart', (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const args = addToCartArgsSchema.parse(ctx.request.body);
    const outcome = addInTransaction(customerKey, args);
    if (outcome.status === 'applied') app.changes.poke(customerKey, ['cart_lines']);
    const items = cart.lines(customerKey);
    if (outcome.status === 'rejected') {
      ctx.status = statusByRejection[outcome.code];
      ctx.body = { success: false, items, error: outcome.message } satisfies AddToCartAnswer;
      return;
    }
    ctx.body = { success: true, items, error: outcome.message } satisfies AddToCartAnswer;
  });

  return router;
}

/** Cart operations of `POST /api/cs/run`. */
export function cartOperations(app: AppContext): RunOperations {
  const cart = createCartRepository(app.db);
  return {
    list_carts: (ctx) => ({
      success: true,
      results: groupCartLines(cart.lines(customerKeyOf(ctx))),
    }),
  };
}
