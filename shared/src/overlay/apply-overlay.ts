import type { MutationDefinition } from '../mutations/define-mutation';
import { mutationDefinitions } from '../mutations/mutation-definitions';
import { mutationOverlays, type OverlaidCollection, type OverlayStates } from './mutation-overlays';
import { isUnreflected, type OverlayEntry } from './queued-mutation';

type AnyApplier = (state: unknown, args: unknown, entry: OverlayEntry) => void;

// Looked up by a stored name, which may be one this build does not know.
const overlays = mutationOverlays as unknown as Partial<
  Record<string, Partial<Record<OverlaidCollection, AnyApplier>>>
>;
const definitions: Partial<Record<string, MutationDefinition>> = mutationDefinitions;

/**
 * Applies to `state`, a collection's pulled documents, every queued mutation the server has not
 * reflected in them yet (`isUnreflected` at the collection's `checkpoint`), oldest first, each
 * by its overlay for this collection. An entry whose args its schema refuses is skipped.
 */
export function applyOverlay<C extends OverlaidCollection>(
  collection: C,
  state: OverlayStates[C],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): OverlayStates[C] {
  const unreflected = outbox
    .filter((entry) => overlays[entry.name]?.[collection] && isUnreflected(entry, checkpoint))
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const entry of unreflected) {
    const args = definitions[entry.name]?.args.safeParse(entry.args);
    if (args?.success) overlays[entry.name]?.[collection]?.(state, args.data, entry);
  }
  return state;
}
