import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';

const acknowledgeSchema = z.object({
  products: z.array(z.string().min(1).max(128)).min(1).max(200),
});

/** `POST /api/customer/get_customer_delete_products` and `POST /api/customer/delete_product`. */
export function deletedProductsRoutes(app: AppContext): Router {
  const router = new Router();
  const { deletedProducts: deleted } = app.repos;
  router.post('/api/customer/get_customer_delete_products', async (ctx) => {
    ctx.body = { success: true, results: await deleted.list(customerKeyOf(ctx)) };
  });
  router.post('/api/customer/delete_product', async (ctx) => {
    const { products } = acknowledgeSchema.parse(ctx.request.body);
    const acknowledged = await deleted.acknowledge(customerKeyOf(ctx), products);
    ctx.body = { success: true, acknowledged };
  });
  return router;
}
