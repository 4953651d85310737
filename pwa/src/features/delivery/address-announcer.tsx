import { useEffect, useRef } from 'react';
import { deliveryMessages, messages } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';

const WATCHED = ['customer_address', 'delete_address', 'update_preferences'];

/**
 * Tells the buyer the server's answer to each address change queued in this tab (spec §8):
 * 'Address updated successfully', 'The address has been removed', or the failure texts. Offline
 * the answer comes when the change syncs. A rejected change is then removed from the outbox:
 * the overlay already ignores it and it is not a cart problem. Selecting an address and
 * preference updates stay silent.
 */
export function AddressAnnouncer({ db }: { db: AccountDb }) {
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    const subscription = db.mutations
      .find({ selector: { name: { $in: WATCHED } } })
      .$.subscribe((docs) => {
        for (const doc of docs) {
          if (doc.status === 'pending') {
            waiting.current.add(doc.id);
            continue;
          }
          if (!waiting.current.delete(doc.id)) continue;
          announce(doc.toMutableJSON());
          if (doc.status === 'rejected') void doc.remove();
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
