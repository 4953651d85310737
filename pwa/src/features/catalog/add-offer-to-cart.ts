import { messages, stemlineMessages, type AddToCartPreview } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { isQuotaError } from '../../storage/quota-error';
import { showToast } from '../../ui';
import { enqueueAddToCart } from '../cart/enqueue-add-to-cart';

/**
 * Queues the add of a price row in the outbox (the server judges the stock when it syncs) and
 * says so: 'Product successfully added…', with `detail` (or, offline, that it syncs later), or
 * the failure to store it.
 */
export async function addOfferToCart(
  db: AccountDb,
  preview: AddToCartPreview,
  etaDate: number,
  quantity: number,
  detail?: string,
): Promise<void> {
  try {
    await enqueueAddToCart(db, preview, etaDate, quantity);
    showToast({
      title: messages.addToCartSuccess,
      variant: 'success',
      description: navigator.onLine
        ? detail
        : 'Saved on this device; it syncs when you are back online.',
    });
  } catch (error) {
    showToast({
      title: messages.addToCartError,
      variant: 'error',
      description: isQuotaError(error) ? stemlineMessages.storageFull : detail,
    });
  }
}
