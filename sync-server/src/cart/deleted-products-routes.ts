import Router from '@koa/router';
import { acknowledgeDeletedProductsArgsSchema } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';

/** `POST /api/customer/get_customer_delete_products` and `POST /api/customer/delete_product`. */
export function deletedProductsRoutes(app: AppContext): Router {
  const router = new Router();
  const { deletedProducts: deleted } = app.repos;
  router.post('/api/customer/get_customer_delete_products', async (ctx) => {
    ctx.body = { success: true, results: await deleted.list(customerKeyOf(ctx)) };
  });
  router.post('/api/customer/delete_product', async (ctx) => {
    const { products } = acknowledgeDeletedProductsArgsSchema.parse(ctx.request.body);
    const acknowledged = await deleted.acknowledge(customerKeyOf(ctx), products);
    ctx.body = { success: true, acknowledged };
  });
  return router;
}
