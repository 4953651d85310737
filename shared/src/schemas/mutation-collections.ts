import { SYNCED_COLLECTIONS, type MutationName, type SyncedCollection } from './sync';

/**
 * The synced collections each queued mutation can change on the server (whatever its outcome)
 * and whose checkpoint its optimistic overlay waits for. After a push, a client pulls just these;
 * anything else the server changes reaches it through the event stream's pokes. Keep it a
 * superset of what the mutation's server function reports as touched.
 */
export const MUTATION_COLLECTIONS: Readonly<Record<MutationName, readonly SyncedCollection[]>> = {
  add_to_cart: ['cart_lines'],
  execute_box_changes: ['cart_lines', 'custom_boxes'],
  delete_boxes: ['cart_lines', 'custom_boxes'],
  dismiss_notices: ['notices'],
  upsert_custom_box: ['custom_boxes'],
  remove_from_box: ['custom_boxes'],
  close_box: ['custom_boxes'],
  open_box: ['custom_boxes'],
  place_order: ['orders', 'cart_lines', 'custom_boxes', 'notices'],
  extend_expiration_boxes: ['cart_lines', 'notices'],
  add_favorite: ['favorites'],
  remove_favorite: ['favorites'],
  customer_address: ['addresses'],
  delete_address: ['addresses'],
  // Preferences live on the user, not in a synced collection.
  update_preferences: [],
};

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
