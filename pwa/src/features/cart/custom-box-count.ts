import { stemlineMessages, type CustomBoxItem, type VisibleCustomBox } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueMutation, isQuotaError } from '../../sync/outbox';
import { showToast } from '../../ui';

/** A box's content as the builder or the cart's stepper queues it. */
export type CustomBoxFill = Pick<
  VisibleCustomBox,
  'key' | 'grower_key' | 'grower_name' | 'country_iso' | 'eta_date' | 'number_boxes'
> & { items: CustomBoxItem[] };

/**
 * Queues a box's content and number of boxes (`upsert_custom_box`, with the preview the overlay
 * draws at once): the builder's save, and the cart's Number of boxes with the content unchanged.
 * When this device cannot store the change the buyer is told so and it resolves to false:
 * nothing was queued, and the box shows as before.
 */
export async function queueCustomBox(db: AccountDb, box: CustomBoxFill): Promise<boolean> {
  try {
    await enqueueMutation(
      db,
      'upsert_custom_box',
      {
        key: box.key,
        grower: box.grower_key,
        eta_date: box.eta_date,
        items: box.items.map((item) => ({ inventory: item.inventory_key, quantity: item.bunches })),
        number_boxes: box.number_boxes,
      },
      { grower_name: box.grower_name, country_iso: box.country_iso, items: box.items },
    );
    return true;
  } catch (error) {
    showToast({
      title: stemlineMessages.cartUpdateFailed,
      variant: 'error',
      description: isQuotaError(error) ? stemlineMessages.storageFull : undefined,
    });
    return false;
  }
}
