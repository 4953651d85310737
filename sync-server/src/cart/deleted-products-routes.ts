import Router from '@koa/router';
import type { Context } from 'koa';
import {
  acknowledgeDeletedProductsArgsSchema,
  deletedProductsRequestSchema,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { callerCustomer } from '../auth/caller-customer';
import { isEmailOnly } from '../auth/mailbox-proof';
import { authClaims } from '../auth/require-auth';

/**
 * Whose removed products a session reads: those of the customer it acts as, whatever the kind
 * of session. A session made from an email alone, which may not see the cart the email owned
 * before it (auth/mailbox-proof.ts), reads only those of cart lines it added itself. A request
 * naming another customer is refused (403), as `callerCustomer` refuses it everywhere.
 */
export function deletedProductsScope(
  ctx: Context,
  claimed?: string,
): { customerKey: string; linesSince?: number } {
  const claims = authClaims(ctx);
  const customerKey = callerCustomer(ctx, claimed);
  if (!isEmailOnly(claims)) return { customerKey };
  return { customerKey, linesSince: claims.since ?? Number.MAX_SAFE_INTEGER };
}

/**
 * `POST /api/customer/get_customer_delete_products` and `POST /api/customer/delete_product`,
 * keyed by the customer the session acts as (`deletedProductsScope`): the guest's own session
 * and staff's login-as session of it list the same products, and no other customer's (a body
 * naming another is refused). Only the
 * customer's own acknowledgement forgets them: staff seeing them while acting for a guest have
 * not told the guest, so theirs changes nothing (answered as 0 acknowledged).
 */
export function deletedProductsRoutes(app: AppContext): Router {
  const router = new Router();
  const { deletedProducts: deleted } = app.repos;
  router.post('/api/customer/get_customer_delete_products', async (ctx) => {
    const { customer } = deletedProductsRequestSchema.parse(ctx.request.body ?? {});
    const { customerKey, linesSince } = deletedProductsScope(ctx, customer);
    ctx.body = { success: true, results: await deleted.list(customerKey, linesSince) };
  });
  router.post('/api/customer/delete_product', async (ctx) => {
    const { products, customer } = acknowledgeDeletedProductsArgsSchema.parse(ctx.request.body);
    const { customerKey, linesSince } = deletedProductsScope(ctx, customer);
    const acknowledged =
      authClaims(ctx).from_manager === undefined
        ? await deleted.acknowledge(customerKey, products, linesSince)
        : 0;
    ctx.body = { success: true, acknowledged };
  });
  return router;
}
