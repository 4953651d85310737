import { mutationArgsSchemas } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createFavorites } from '../favorites/favorites';
import type { HandlerOutcome } from '../sync/mutation-handlers';
import { createExtendHolds } from './extend-holds';
import type { Outcome } from './outcome';
import { createPlaceOrder } from './place-order';

type Name = 'place_order' | 'extend_expiration_boxes' | 'add_favorite' | 'remove_favorite';

/**
 * The queued mutations of checkout and favourites, each running the same function as its REST
 * call, inside the push transaction. Their results come back through pull of `orders`,
 * `cart_lines`, `notices` and `favorites`.
 */
export function createCheckoutMutationHandlers(
  app: AppContext,
): Record<Name, (customerKey: string, args: unknown) => HandlerOutcome> {
  const placeOrder = createPlaceOrder(app);
  const extendHolds = createExtendHolds(app);
  const favorites = createFavorites(app);
  return {
    place_order: (customerKey, args) =>
      handlerOutcome(placeOrder(customerKey, mutationArgsSchemas.place_order.parse(args))),
    extend_expiration_boxes: (customerKey, args) => {
      mutationArgsSchemas.extend_expiration_boxes.parse(args);
      return handlerOutcome(extendHolds(customerKey));
    },
    add_favorite: (customerKey, args) =>
      handlerOutcome(
        favorites.add(customerKey, mutationArgsSchemas.add_favorite.parse(args).variety_key),
      ),
    remove_favorite: (customerKey, args) =>
      handlerOutcome(
        favorites.removeVariety(
          customerKey,
          mutationArgsSchemas.remove_favorite.parse(args).variety_key,
        ),
      ),
  };
}

function handlerOutcome<T>(outcome: Outcome<T>): HandlerOutcome {
  return outcome.status === 'applied'
    ? { status: 'applied', message: outcome.message, touched: outcome.touched }
    : outcome;
}
