import {
  mutationNamesWhere,
  mutationSubject,
  type MutationName,
  type MutationSubject,
} from '@stemline/shared';
import type { MutationDoc } from '../../storage/account-schemas';
import type { ToastVariant } from '../../ui';

/**
 * Subjects whose screen lists its refused changes until the buyer dismisses them there: events
 * and standing orders (`RefusedChanges`), claims (the claims page, on the claim or its draft).
 */
export const LISTED_ON_THEIR_SCREEN: ReadonlySet<MutationSubject> = new Set([
  'events',
  'standing_orders',
  'claims',
]);

/** Subjects with an announcer of their own: the cart's, the addresses', the shopping lists'. */
const TOLD_BY_THEIR_OWN: ReadonlySet<MutationSubject> = new Set([
  'cart',
  'addresses',
  'shopping_lists',
]);

/** The mutations whose answers the header tells as their own screen's (`tellingOf`). */
export const TOLD_AS_THEIR_OWN: readonly MutationName[] = mutationNamesWhere(
  (about) => !TOLD_BY_THEIR_OWN.has(about),
);

/** A toast telling an answer, and what then becomes of its outbox entry. */
export interface Telling {
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
  /**
   * `drop-message`: an applied change's sentence, told once; the entry is then pruned as any.
   * `keep`: a refusal its screen lists until dismissed. `remove-when-closed`: a refusal no
   * screen lists, so its toast stays until the buyer closes it, and the entry goes with it.
   */
  afterwards: 'drop-message' | 'keep' | 'remove-when-closed';
}

/**
 * How the header tells the server's answer to a change outside the cart, or null for none now.
 * A refusal is titled by what the change was about, with the server's reason under it. One its
 * screen lists is toasted only when it arrives in this tab (`arrivedHere`: the tab saw the
 * change pending), so an old one is not told again at every visit; one no screen lists is told
 * whenever it is found, until the buyer has closed its toast.
 */
export function tellingOf(
  entry: Pick<MutationDoc, 'name' | 'status' | 'message'>,
  arrivedHere: boolean,
): Telling | null {
  if (entry.status === 'applied') {
    return entry.message
      ? { title: entry.message, variant: 'info', afterwards: 'drop-message' }
      : null;
  }
  if (entry.status !== 'rejected') return null;
  const { about, refused } = mutationSubject(entry.name);
  const listed = LISTED_ON_THEIR_SCREEN.has(about);
  if (listed && !arrivedHere) return null;
  return {
    title: refused,
    description: entry.message,
    variant: 'error',
    afterwards: listed ? 'keep' : 'remove-when-closed',
  };
}
