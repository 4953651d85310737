import type { AddToCartArgs, AddToCartPreview } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import type { AccountDb } from '../../storage/account-db';
import { selectedAddressOf } from '../delivery/selected-address';

/**
 * Queues an add-to-cart intent; the optimistic line appears from the same write. The boxes ship
 * to the address selected on this device when they were added (spec §3 add payload `address`).
 */
export async function enqueueAddToCart(
  db: AccountDb,
  preview: AddToCartPreview,
  etaDate: number,
  quantity: number,
): Promise<void> {
  // The outbox comes with the account (already loaded once there is a database): a visitor's
  // first screen does not load it.
  const { enqueueMutation } = await import('../../sync/outbox');
  const user = sessionStore.get()?.user;
  const shipTo = user ? selectedAddressOf(user) : null;
  const args: AddToCartArgs = {
    variety: preview.variety.key,
    grower: preview.grower.key,
    length: preview.offer.length,
    eta_date: etaDate,
    quantity,
    inventory_key: preview.offer.inventory_key,
    ...(shipTo ? { address: shipTo._KEY } : {}),
  };
  await enqueueMutation(db, 'add_to_cart', args, { ...preview, shipTo });
}
