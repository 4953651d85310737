import {
  mutationArgsSchemas,
  type MutationName,
  type RejectionCode,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createAddToCart } from '../cart/add-to-cart';

export type HandlerOutcome =
  | { status: 'applied'; message: string | null; touched: SyncedCollection[] }
  | { status: 'rejected'; code: RejectionCode; message: string };

type Handler = (customerKey: string, args: unknown) => HandlerOutcome;

/**
 * One handler per mutation name, each the same server function its REST call runs. Handlers
 * run inside the push transaction and parse their args with the shared schema.
 */
export function createMutationHandlers(app: AppContext): Record<MutationName, Handler> {
  const addToCart = createAddToCart(app);
  return {
    add_to_cart(customerKey, rawArgs) {
      const args = mutationArgsSchemas.add_to_cart.parse(rawArgs);
      const outcome = addToCart(customerKey, args);
      return outcome.status === 'applied'
        ? { status: 'applied', message: outcome.message, touched: ['cart_lines'] }
        : outcome;
    },
  };
}
