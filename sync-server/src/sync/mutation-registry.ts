import {
  MUTATION_COLLECTIONS,
  mutationDefinitions,
  type MutationName,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createCartMutations } from '../cart/mutations';
import { createCheckoutMutations } from '../checkout/mutations';
import { createClaimMutations } from '../claims/mutations';
import { createCustomerMutations } from '../customers/mutations';
import { createEventMutations } from '../events/mutations';
import { createFavoriteMutations } from '../favorites/mutations';
import { createNoticeMutations } from '../notices/mutations';
import { createReorderMutations } from '../reorder/mutations';
import { createShoppingListMutations } from '../shopping-lists/mutations';
import { createStandingOrderMutations } from '../standing-orders/mutations';
import type { FeatureMutations, HandlerOutcome } from '../kernel/mutation-handler';

/** Every mutation's handler: the compiler refuses a mutation name without one. */
export type MutationHandlers = FeatureMutations<MutationName>;

/** Runs a queued mutation by name, from the raw args the client sent. */
export type MutationRunner = (
  customerKey: string,
  name: MutationName,
  args: unknown,
) => Promise<HandlerOutcome>;

/** The handlers of every feature, composed from each feature folder's `mutations.ts`. */
export function createMutationHandlers(app: AppContext): MutationHandlers {
  return {
    ...createCartMutations(app),
    ...createNoticeMutations(app),
    ...createCheckoutMutations(app),
    ...createFavoriteMutations(app),
    ...createCustomerMutations(app),
    ...createEventMutations(app),
    ...createClaimMutations(app),
    ...createShoppingListMutations(app),
    ...createStandingOrderMutations(app),
    ...createReorderMutations(app),
  } satisfies MutationHandlers;
}

/**
 * Runs a mutation: parses its args with the shared schema (rejects with a `ZodError` when the
 * client sent args of the wrong shape), runs and awaits its handler, and checks what the handler reports as touched
 * against the mutation's definition.
 */
export function createMutationRunner(handlers: MutationHandlers): MutationRunner {
  return async (customerKey, name, rawArgs) => {
    const args: unknown = mutationDefinitions[name].args.parse(rawArgs);
    const handler = handlers[name] as (
      customerKey: string,
      args: unknown,
    ) => HandlerOutcome | Promise<HandlerOutcome>;
    const outcome = await handler(customerKey, args);
    if (outcome.status === 'applied') assertDeclaredTouches(name, outcome.touched);
    return outcome;
  };
}

/**
 * Throws when a handler reports a collection its mutation's definition leaves out: the pushing
 * device would not pull it (nor would its overlay wait for it), so this is a bug to fix in the
 * definition or the handler, never a result to send.
 */
export function assertDeclaredTouches(
  name: MutationName,
  touched: readonly SyncedCollection[],
): void {
  const declared = MUTATION_COLLECTIONS[name];
  const undeclared = touched.filter((collection) => !declared.includes(collection));
  if (undeclared.length > 0) {
    throw new Error(
      `${name} reported touching ${undeclared.join(', ')}, which its definition does not list`,
    );
  }
}
