import type { AddToCartArgs, AddToCartPreview } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueMutation } from '../../sync/outbox';

/** Queues an add-to-cart intent; the optimistic line appears from the same write. */
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
  await enqueueMutation(db, 'add_to_cart', args, preview);
}
