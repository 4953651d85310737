import Router from '@koa/router';
import { listStandingOrderRequestSchema } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { callerCustomer } from '../auth/caller-customer';
import { createStandingOrders } from './standing-orders';

/**
 * `POST /api/standing_order/list_standing_order {customerKey}` (spec §7): the caller's standing
 * orders, the coming deliveries of all of them (the 'delivery schedule' modal), the disabled
 * weeks (`standing_order.disabled_weeks`) the week picker greys out and the coming no-delivery
 * holidays (`closed_days`), on which the run makes no order. Changes go through the
 * queued mutations (sync push).
 */
export function standingOrderRoutes(app: AppContext): Router {
  const router = new Router();
  const standing = createStandingOrders(app);
  router.post('/api/standing_order/list_standing_order', async (ctx) => {
    const { customerKey } = listStandingOrderRequestSchema.parse(ctx.request.body ?? {});
    const customer = callerCustomer(ctx, customerKey);
    ctx.body = {
      success: true,
      results: await standing.list(customer),
      deliveries: await standing.deliveries(customer),
      disabled_weeks: [...(await standing.disabledWeeks())].sort((a, b) => a - b),
      closed_days: await standing.closedDays(),
    };
  });
  return router;
}
