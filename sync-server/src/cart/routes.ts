import Router from '@koa/router';
import {
  addToCartArgsSchema,
  boxChangesArgsSchema,
  deleteBoxesArgsSchema,
  groupCartLines,
  type AddToCartAnswer,
  type RejectionCode,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import type { RunOperations } from '../http/cs-run';
import { createAddToCart } from './add-to-cart';
import { createBoxChanges } from './box-changes';
import { createCartRepository } from './cart-repository';

/**
 * A request that can never succeed is the caller's error; one refused by the stock or the
 * cart's state is a conflict (the default).
 */
const statusByRejection: Partial<Record<RejectionCode, number>> = {
  invalid_args: 400,
  invalid_quantity: 400,
  offer_not_found: 404,
  sold_out: 409,
  box_limit: 409,
  box_full: 409,
  box_closed: 409,
  // Checkout, orders and favourites (never answered by the cart calls).
  not_found: 404,
  cart_empty: 409,
  products_removed: 409,
  card_unusable: 400,
  conflict: 409,
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
      ctx.status = statusByRejection[outcome.code] ?? 409;
      ctx.body = { success: false, items, error: outcome.message } satisfies AddToCartAnswer;
      return;
    }
    ctx.body = { success: true, items, error: outcome.message } satisfies AddToCartAnswer;
  });

  const boxChanges = createBoxChanges(app);
  const executeInTransaction = app.db.transaction(boxChanges.execute);
  const deleteInTransaction = app.db.transaction(boxChanges.deleteBoxes);

  // Dry run: what execute_box_changes would do now, without writing.
  router.post('/api/cart_box/validate_box_changes', (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const results = boxChanges.validate(customerKey, boxChangesArgsSchema.parse(ctx.request.body));
    ctx.body = { success: results.every((r) => r.status === 'applied'), results };
  });

  router.post('/api/cart_box/execute_box_changes', (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const results = executeInTransaction(customerKey, boxChangesArgsSchema.parse(ctx.request.body));
    app.changes.poke(customerKey, ['cart_lines']);
    ctx.body = {
      success: results.every((r) => r.status === 'applied'),
      results,
      items: cart.lines(customerKey),
    };
  });

  router.post('/api/cart_box/delete_boxes', (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const results = deleteInTransaction(customerKey, deleteBoxesArgsSchema.parse(ctx.request.body));
    app.changes.poke(customerKey, ['cart_lines', 'custom_boxes']);
    ctx.body = {
      success: results.every((r) => r.status === 'applied'),
      results,
      items: cart.lines(customerKey),
    };
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
