import Router from '@koa/router';
import {
  addToCartArgsSchema,
  boxChangesArgsSchema,
  cartLineInDollars,
  deleteBoxesArgsSchema,
  groupCartLines,
  type AddToCartAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import type { RunOperations } from '../http/cs-run';
import { httpStatusOf } from '../http/http-status';
import { createAddToCart } from './add-to-cart';
import { createBoxChanges } from './box-changes';

/**
 * POST /api/cart_box/add_to_cart: the REST face of the `add_to_cart` mutation. The spec's cart
 * calls answer the cart's lines with their prices in dollars, as they always did.
 */
export function cartRoutes(app: AppContext): Router {
  const router = new Router();
  const addToCart = createAddToCart(app);
  const { cart } = app.repos;
  const addInTransaction = app.transactional(addToCart);

  router.post('/api/cart_box/add_to_cart', async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const args = addToCartArgsSchema.parse(ctx.request.body);
    const outcome = await addInTransaction(customerKey, args);
    if (outcome.status === 'applied') app.changes.poke(customerKey, ['cart_lines']);
    const items = (await cart.lines(customerKey)).map(cartLineInDollars);
    if (outcome.status === 'rejected') {
      ctx.status = httpStatusOf(outcome.code);
      ctx.body = { success: false, items, error: outcome.message } satisfies AddToCartAnswer;
      return;
    }
    ctx.body = { success: true, items, error: outcome.message } satisfies AddToCartAnswer;
  });

  const boxChanges = createBoxChanges(app);
  const executeInTransaction = app.transactional(boxChanges.execute);
  const deleteInTransaction = app.transactional(boxChanges.deleteBoxes);

  // Dry run: what execute_box_changes would do now, without writing.
  router.post('/api/cart_box/validate_box_changes', async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const results = await boxChanges.validate(
      customerKey,
      boxChangesArgsSchema.parse(ctx.request.body),
    );
    ctx.body = { success: results.every((r) => r.status === 'applied'), results };
  });

  router.post('/api/cart_box/execute_box_changes', async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const results = await executeInTransaction(
      customerKey,
      boxChangesArgsSchema.parse(ctx.request.body),
    );
    app.changes.poke(customerKey, ['cart_lines']);
    ctx.body = {
      success: results.every((r) => r.status === 'applied'),
      results,
      items: (await cart.lines(customerKey)).map(cartLineInDollars),
    };
  });

  router.post('/api/cart_box/delete_boxes', async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const results = await deleteInTransaction(
      customerKey,
      deleteBoxesArgsSchema.parse(ctx.request.body),
    );
    app.changes.poke(customerKey, ['cart_lines', 'custom_boxes']);
    ctx.body = {
      success: results.every((r) => r.status === 'applied'),
      results,
      items: (await cart.lines(customerKey)).map(cartLineInDollars),
    };
  });

  return router;
}

/** Cart operations of `POST /api/cs/run`. */
export function cartOperations(app: AppContext): RunOperations {
  const { cart } = app.repos;
  return {
    list_carts: async (ctx) => ({
      success: true,
      results: groupCartLines(await cart.lines(customerKeyOf(ctx))).map((group) => ({
        ...group,
        items: group.items.map(cartLineInDollars),
      })),
    }),
  };
}
