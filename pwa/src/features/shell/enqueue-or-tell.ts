import {
  mutationSubject,
  stemlineMessages,
  type MutationArgs,
  type MutationName,
  type MutationPreviews,
} from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueMutation, isQuotaError } from '../../sync/outbox';
import { showToast } from '../../ui';

/** The mutations queued without a preview of their effect (most of them). */
type PlainMutationName = Exclude<MutationName, keyof MutationPreviews>;

/**
 * Queues a change from a button press as `enqueueMutation` does, and resolves to its outbox id.
 * When this device cannot store it (storage full, the account's database closed by a sign-out),
 * the buyer is told at once what was not saved, under the title its refusal would have, and it
 * resolves to null: nothing was queued, so the screen stays as it was before the press.
 */
export async function enqueueOrTell<Name extends PlainMutationName>(
  db: AccountDb,
  name: Name,
  args: MutationArgs<Name>,
): Promise<string | null> {
  try {
    return await enqueueMutation<PlainMutationName>(db, name, args);
  } catch (error) {
    showToast({
      title: mutationSubject(name).refused,
      description: isQuotaError(error)
        ? stemlineMessages.storageFull
        : stemlineMessages.changeNotKept,
      variant: 'error',
    });
    return null;
  }
}
