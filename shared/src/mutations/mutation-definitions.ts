import { z } from 'zod';
import { cartMutations } from './cart-mutations';
import { checkoutMutations } from './checkout-mutations';
import { claimMutations } from './claim-mutations';
import { customerMutations } from './customer-mutations';
import { eventMutations } from './event-mutations';
import type { MutationDefinition } from './define-mutation';
import { favoriteMutations } from './favorite-mutations';
import { noticeMutations } from './notice-mutations';
import { reorderMutations } from './reorder-mutations';
import { shoppingListMutations } from './shopping-list-mutations';
import { standingOrderMutations } from './standing-order-mutations';

/**
 * Every mutation a client may queue, one definition each, grouped by feature. The server's
 * handler registry and the device's overlay registry are both typed over these names, so a
 * mutation added here does not compile until it has a handler and an overlay decision.
 */
export const mutationDefinitions = {
  ...cartMutations,
  ...noticeMutations,
  ...checkoutMutations,
  ...favoriteMutations,
  ...customerMutations,
  ...eventMutations,
  ...claimMutations,
  ...shoppingListMutations,
  ...standingOrderMutations,
  ...reorderMutations,
} satisfies Record<string, MutationDefinition>;

export type MutationName = keyof typeof mutationDefinitions;

/** The args of a mutation as its schema parses them. */
export type MutationArgs<Name extends MutationName> = z.output<
  (typeof mutationDefinitions)[Name]['args']
>;

/** The synced collections a mutation's definition allows it to change. */
export type MutationCollections<Name extends MutationName> =
  (typeof mutationDefinitions)[Name]['collections'][number];

export const MUTATION_NAMES = Object.keys(mutationDefinitions) as [MutationName, ...MutationName[]];
export const mutationNameSchema = z.enum(MUTATION_NAMES);

/** The mutations a client may queue, each with the schema of its args. */
export const mutationArgsSchemas = Object.fromEntries(
  MUTATION_NAMES.map((name) => [name, mutationDefinitions[name].args]),
) as { readonly [Name in MutationName]: (typeof mutationDefinitions)[Name]['args'] };
