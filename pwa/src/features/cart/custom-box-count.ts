import { stemlineMessages, type VisibleCustomBox } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueMutation, isQuotaError } from '../../sync/outbox';
import { showToast } from '../../ui';

/**
 * Queues a new number of boxes for a box, its content unchanged; the overlay shows it at once.
 * When this device cannot store the change the buyer is told so and it resolves to false:
 * nothing was queued, and the box shows its count as before.
 */
export async function queueNumberOfBoxes(
  db: AccountDb,
  box: VisibleCustomBox,
  numberBoxes: number,
): Promise<boolean> {
  try {
    await enqueueMutation(
      db,
      'upsert_custom_box',
      {
        key: box.key,
        grower: box.grower_key,
        eta_date: box.eta_date,
        items: box.items.map((item) => ({ inventory: item.inventory_key, quantity: item.bunches })),
        number_boxes: numberBoxes,
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
