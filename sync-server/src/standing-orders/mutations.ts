import type { AppContext } from '../app-context';
import { handlerOutcome, type FeatureMutations } from '../kernel/mutation-handler';
import { createStandingOrders } from './standing-orders';

/** The queued standing-order mutations; orders come back through pull of `standing_orders`. */
export function createStandingOrderMutations(
  app: AppContext,
): FeatureMutations<
  | 'create_standing_order'
  | 'set_standing_order_status'
  | 'set_standing_order_card'
  | 'skip_standing_order_week'
  | 'change_standing_order_week'
> {
  const standing = createStandingOrders(app);
  return {
    create_standing_order: async (customerKey, args) =>
      handlerOutcome(await standing.create(customerKey, args)),
    set_standing_order_status: async (customerKey, args) =>
      handlerOutcome(await standing.setStatus(customerKey, args.key, args.status)),
    set_standing_order_card: async (customerKey, args) =>
      handlerOutcome(await standing.setCard(customerKey, args.key, args.card_key)),
    skip_standing_order_week: async (customerKey, args) =>
      handlerOutcome(await standing.skipWeek(customerKey, args.key, args.week, args.skip)),
    change_standing_order_week: async (customerKey, args) =>
      handlerOutcome(await standing.changeWeek(customerKey, args)),
  };
}
