import { SYNCED_COLLECTIONS, type SyncedCollection } from '../schemas/synced-collections';
import { MUTATION_NAMES, mutationDefinitions, type MutationName } from './mutation-definitions';

/**
 * The synced collections each queued mutation can change on the server (whatever its outcome)
 * and whose checkpoint its optimistic overlay waits for, read from its definition. After a push,
 * a client pulls just these; anything else the server changes reaches it through the event
 * stream's pokes.
 */
export const MUTATION_COLLECTIONS = Object.fromEntries(
  MUTATION_NAMES.map((name) => [name, mutationDefinitions[name].collections]),
) as Readonly<Record<MutationName, readonly SyncedCollection[]>>;

/** The collections a batch of mutations can change, each once, in the order first met. */
export function collectionsTouchedBy(names: Iterable<MutationName>): SyncedCollection[] {
  const touched = new Set<SyncedCollection>();
  for (const name of names) {
    // A name this build does not know (an old outbox entry): every collection, to be safe.
    const collections =
      (MUTATION_COLLECTIONS[name] as readonly SyncedCollection[] | undefined) ?? SYNCED_COLLECTIONS;
    for (const collection of collections) touched.add(collection);
  }
  return [...touched];
}
