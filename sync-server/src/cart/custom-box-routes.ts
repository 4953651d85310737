import Router from '@koa/router';
import {
  boxKeyArgsSchema,
  customBoxInDollars,
  deletedProductsRequestSchema,
  removeFromBoxArgsSchema,
  searchCartboxKeyArgsSchema,
  upsertCustomBoxArgsSchema,
} from '@stemline/shared';
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import type { RunOperations } from '../http/cs-run';
import { httpStatusOf } from '../http/http-status';
import { createCustomBoxes, type CustomBoxOutcome } from './custom-boxes';
import { deletedProductsScope } from './deleted-products-routes';

/** The REST faces of the custom-box mutations, and the cart look-ups of spec §7 (the cart of
 * an event is served by events/routes.ts). */
export function customBoxRoutes(app: AppContext): Router {
  const router = new Router();
  const customBoxes = createCustomBoxes(app);
  const { cart } = app.repos;
  const run = <T>(
    fn: (customerKey: string, args: T) => CustomBoxOutcome | Promise<CustomBoxOutcome>,
    schema: z.ZodType<T>,
  ) =>
    app.transactional((customerKey: string, body: unknown) => fn(customerKey, schema.parse(body)));

  const calls = {
    '/api/cart_box/upsert_custom_box': run(customBoxes.upsert, upsertCustomBoxArgsSchema),
    '/api/cart_box/remove_from_box': run(customBoxes.removeItem, removeFromBoxArgsSchema),
    '/api/cart_box/close_box': run(customBoxes.close, boxKeyArgsSchema),
    '/api/cart_box/open_box': run(customBoxes.open, boxKeyArgsSchema),
  };
  for (const [path, call] of Object.entries(calls)) {
    router.post(path, async (ctx) => {
      const customerKey = customerKeyOf(ctx);
      const outcome = await call(customerKey, ctx.request.body);
      if (outcome.status === 'rejected') {
        ctx.status = httpStatusOf(outcome.code);
        ctx.body = { success: false, error: outcome.message, code: outcome.code };
        return;
      }
      app.changes.poke(customerKey, ['custom_boxes']);
      // Spec calls: the box's prices in dollars, as they always were.
      const box = outcome.value && customBoxInDollars(outcome.value);
      ctx.body = { success: true, box, error: outcome.message };
    });
  }

  router.post('/api/cart_box/search_cartbox_key', async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const query = searchCartboxKeyArgsSchema.parse(ctx.request.body);
    const onDate = (etaDate: number) => query.eta_date === undefined || query.eta_date === etaDate;
    const lineKeys = (await cart.lines(customerKey))
      .filter((line) => onDate(line.eta_date))
      .filter(
        (line) => line.inventory_key === query.inventory || line.variety_key === query.variety,
      )
      .map((line) => line.key);
    const boxKeys = (await customBoxes.list(customerKey))
      .filter((box) => onDate(box.eta_date))
      .filter((box) =>
        box.items.some(
          (item) => item.inventory_key === query.inventory || item.variety_key === query.variety,
        ),
      )
      .map((box) => box.key);
    ctx.body = { success: true, results: [...lineKeys, ...boxKeys] };
  });

  return router;
}

/** Custom-box and deleted-product operations of `POST /api/cs/run`. */
export function customBoxOperations(app: AppContext): RunOperations {
  const customBoxes = createCustomBoxes(app);
  const { deletedProducts: deleted } = app.repos;
  const removeItem = app.transactional(customBoxes.removeItem);
  return {
    remove_custom_box_item: async (ctx, params) => {
      const customerKey = customerKeyOf(ctx);
      const outcome = await removeItem(customerKey, removeFromBoxArgsSchema.parse(params));
      // A refusal answers as `/api/cart_box/remove_from_box` does: its status and code.
      if (outcome.status === 'rejected') {
        ctx.status = httpStatusOf(outcome.code);
        return { success: false, error: outcome.message, code: outcome.code };
      }
      app.changes.poke(customerKey, ['custom_boxes']);
      return { success: true, box: outcome.value && customBoxInDollars(outcome.value) };
    },
    list_customer_delete_products: async (ctx, params) => {
      const { customer } = deletedProductsRequestSchema.parse(params ?? {});
      const { customerKey, linesSince } = deletedProductsScope(ctx, customer);
      return { success: true, results: await deleted.list(customerKey, linesSince) };
    },
  };
}
