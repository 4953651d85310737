import type { AddToCartArgs } from '@stemline/shared';
import type { AccountDb } from '../../data/account-db';
import { clientId } from '../../session/client-id';
import type { AddToCartPreview } from './cart-overlay';

/**
 * Queues an add-to-cart intent in the outbox; the optimistic line appears from the same write.
 * Throws when the device cannot store it (e.g. the disk quota is full), so the caller can tell
 * the buyer instead of pretending it was added.
 */
export async function enqueueAddToCart(
  db: AccountDb,
  preview: AddToCartPreview,
  etaDate: number,
  quantity: number,
): Promise<void> {
  const args: AddToCartArgs = {
    variety: preview.variety.key,
    grower: preview.grower.key,
    length: preview.offer.length,
    eta_date: etaDate,
    quantity,
    inventory_key: preview.offer.inventory_key,
  };
  await db.mutations.insert({
    id: crypto.randomUUID(),
    clientId: clientId(),
    name: 'add_to_cart',
    args,
    createdAt: Date.now(),
    status: 'pending',
    preview: preview as unknown as Record<string, unknown>,
  });
}
