import Router from '@koa/router';
import type { Context } from 'koa';
import { acknowledgeDeletedProductsArgsSchema } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { isEmailOnly } from '../auth/mailbox-proof';
import { authClaims, customerKeyOf } from '../auth/require-auth';

/**
 * Whose removed products a session reads: those of the customer it acts as, whatever the kind
 * of session. A session made from an email alone, which may not see the cart the email owned
 * before it (auth/mailbox-proof.ts), reads only those of cart lines it added itself.
 */
export function deletedProductsScope(ctx: Context): { customerKey: string; linesSince?: number } {
  const claims = authClaims(ctx);
  const customerKey = customerKeyOf(ctx);
  if (!isEmailOnly(claims)) return { customerKey };
  return { customerKey, linesSince: claims.since ?? Number.MAX_SAFE_INTEGER };
}

/**
 * `POST /api/customer/get_customer_delete_products` and `POST /api/customer/delete_product`,
 * keyed by the customer the session acts as (`deletedProductsScope`): the guest's own session
 * and staff's login-as session of it list the same products, and no other customer's. Only the
 * customer's own acknowledgement forgets them: staff seeing them while acting for a guest have
 * not told the guest, so theirs changes nothing (answered as 0 acknowledged).
 */
export function deletedProductsRoutes(app: AppContext): Router {
  const router = new Router();
  const { deletedProducts: deleted } = app.repos;
  router.post('/api/customer/get_customer_delete_products', async (ctx) => {
    const { customerKey, linesSince } = deletedProductsScope(ctx);
    ctx.body = { success: true, results: await deleted.list(customerKey, linesSince) };
  });
  router.post('/api/customer/delete_product', async (ctx) => {
    const { products } = acknowledgeDeletedProductsArgsSchema.parse(ctx.request.body);
    const { customerKey, linesSince } = deletedProductsScope(ctx);
    const acknowledged =
      authClaims(ctx).from_manager === undefined
        ? await deleted.acknowledge(customerKey, products, linesSince)
        : 0;
    ctx.body = { success: true, acknowledged };
  });
  return router;
}
