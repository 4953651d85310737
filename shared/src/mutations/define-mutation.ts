import type { z } from 'zod';
import type { SyncedCollection } from '../schemas/synced-collections';

/**
 * What every part of the system knows about one queued mutation: the schema its args must pass
 * (the device checks them before queueing, the server before running the rule) and the synced
 * collections it may change on the server, whatever its outcome. After a push the device pulls
 * just these, its optimistic overlay waits for their checkpoints, and the server refuses to
 * report any other collection as touched.
 */
export interface MutationDefinition<
  Args extends z.ZodType = z.ZodType,
  Collections extends SyncedCollection = SyncedCollection,
> {
  readonly args: Args;
  readonly collections: readonly Collections[];
}

/** Declares a mutation, keeping the literal collection names for the registries' types. */
export function defineMutation<Args extends z.ZodType, const Collections extends SyncedCollection>(
  definition: MutationDefinition<Args, Collections>,
): MutationDefinition<Args, Collections> {
  return definition;
}
