import type { AppContext } from '../app-context';
import { handlerOutcome, type FeatureMutations } from '../kernel/mutation-handler';
import { createExtendHolds } from './extend-holds';
import { createPlaceOrder } from './place-order';

/**
 * The queued mutations of checkout, each running the same function as its REST call. Their
 * results come back through pull of `orders`, `cart_lines`, `custom_boxes` and `notices`.
 */
export function createCheckoutMutations(
  app: AppContext,
): FeatureMutations<'place_order' | 'extend_expiration_boxes'> {
  const placeOrder = createPlaceOrder(app);
  const extendHolds = createExtendHolds(app);
  return {
    place_order: async (customerKey, args) => handlerOutcome(await placeOrder(customerKey, args)),
    // The args name no customer the rule reads: holds are extended for the caller's own cart.
    extend_expiration_boxes: async (customerKey) => handlerOutcome(await extendHolds(customerKey)),
  };
}
