import Router from '@koa/router';
import { acknowledgeDeletedProductsArgsSchema } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { authClaims, customerKeyOf } from '../auth/require-auth';

/**
 * `POST /api/customer/get_customer_delete_products` and `POST /api/customer/delete_product`,
 * keyed by the customer the session acts as: the guest's own session and staff's login-as
 * session of it list the same products, and no other customer's. Only the customer's own
 * acknowledgement forgets them: staff seeing them while acting for a guest have not told the
 * guest, so theirs changes nothing (answered as 0 acknowledged).
 */
export function deletedProductsRoutes(app: AppContext): Router {
  const router = new Router();
  const { deletedProducts: deleted } = app.repos;
  router.post('/api/customer/get_customer_delete_products', async (ctx) => {
    ctx.body = { success: true, results: await deleted.list(customerKeyOf(ctx)) };
  });
  router.post('/api/customer/delete_product', async (ctx) => {
    const { products } = acknowledgeDeletedProductsArgsSchema.parse(ctx.request.body);
    const customerKey = customerKeyOf(ctx);
    const acknowledged =
      authClaims(ctx).from_manager === undefined
        ? await deleted.acknowledge(customerKey, products)
        : 0;
    ctx.body = { success: true, acknowledged };
  });
  return router;
}
