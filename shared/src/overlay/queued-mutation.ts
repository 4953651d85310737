import type { MutationName } from '../mutations/mutation-definitions';
import type { RejectionCode } from '../schemas/sync';

/**
 * A mutation in a device's outbox, as the PWA stores it (its RxDB `mutations` collection) and the
 * test client keeps it: the intent, then the server's answer. `preview` holds what the screen
 * needs to draw the intent before the server answers (see `MutationPreviews`).
 */
export interface QueuedMutation {
  id: string;
  clientId: string;
  name: MutationName;
  args: Record<string, unknown>;
  createdAt: number;
  status: 'pending' | 'applied' | 'rejected';
  /** The change sequence at which the server committed (or refused) it. */
  appliedSeq?: number;
  code?: RejectionCode;
  message?: string;
  preview?: Record<string, unknown>;
}

/**
 * The part of a queued mutation an overlay reads. Its name is any string: an outbox written by
 * an older build may hold a name this build no longer knows, which the overlays skip.
 */
export interface OverlayEntry extends Pick<QueuedMutation, 'args' | 'createdAt' | 'status'> {
  id?: string;
  name: string;
  appliedSeq?: number | undefined;
  preview?: Record<string, unknown> | undefined;
}

/**
 * True while the server's documents, pulled up to `checkpoint`, do not show `entry` yet: it is
 * pending, or the server applied it at a sequence the pull has not reached. A rejected one is
 * never shown.
 */
export function isUnreflected(entry: OverlayEntry, checkpoint: number): boolean {
  return (
    entry.status === 'pending' ||
    (entry.status === 'applied' && (entry.appliedSeq ?? 0) > checkpoint)
  );
}
