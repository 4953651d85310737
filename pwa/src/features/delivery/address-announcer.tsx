import { useEffect, useRef } from 'react';
import { deliveryMessages, messages } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';

const WATCHED = ['customer_address', 'delete_address', 'update_preferences'];

/**
 * Tells the buyer the server's answer to each address change queued in this tab (spec §8):
 * 'Address updated successfully', 'The address has been removed', or the failure texts, and a
 * refusal found in the outbox whenever it arrived. Offline the answer comes when the change
 * syncs. A rejected change is then removed from the outbox:
 * the overlay already ignores it and it is not a cart problem. Selecting an address and
 * preference updates stay silent.
 */
export function AddressAnnouncer({ db }: { db: AccountDb }) {
  const waiting = useRef(new Set<string>());
  const toldRefusals = useRef(new Set<string>());
  useEffect(() => {
    const subscription = db.mutations
      .find({ selector: { name: { $in: WATCHED } } })
      .$.subscribe((docs) => {
        for (const doc of docs) {
          if (doc.status === 'pending') {
            waiting.current.add(doc.id);
            continue;
          }
          // A refusal still in the outbox was never told: the app sends as it opens, so its
          // answer can come before this (lazily loaded) announcer watched it pending.
          const refusal = doc.status === 'rejected' && !toldRefusals.current.has(doc.id);
          if (!waiting.current.delete(doc.id) && !refusal) continue;
          announce(doc.toMutableJSON());
          if (doc.status === 'rejected') {
            toldRefusals.current.add(doc.id);
            void doc.remove();
          }
        }
      });
    return () => subscription.unsubscribe();
  }, [db]);
  return null;
}

function announce(doc: MutationDoc): void {
  const failed = doc.status === 'rejected';
  if (doc.name === 'delete_address') {
    showToast(
      failed
        ? { title: messages.addressDeleteFailed, description: doc.message, variant: 'error' }
        : { title: messages.addressRemoved, variant: 'success' },
    );
  } else if (doc.name === 'customer_address' && doc.args.save === true) {
    showToast(
      failed
        ? { title: deliveryMessages.addressSaveFailed, description: doc.message, variant: 'error' }
        : { title: messages.addressUpdated, variant: 'success' },
    );
  }
}
