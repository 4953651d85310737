import type { ReorderProductsArgs } from '../schemas/reorder';
import { applyAddToCart, type AddToCartPreview, type CartLinesOverlay } from './cart-lines-overlay';
import type { OverlayEntry } from './queued-mutation';

/**
 * What the screen needs to draw a queued re-order: for each of its items, in order, the price
 * row the device's catalogue holds for the date, or null when it holds none (the item is then
 * the server's to judge, and shows once the server has answered).
 */
export interface ReorderPreview {
  rows: (AddToCartPreview | null)[];
}

/**
 * A queued re-order shows as the adds of its items whose rows the device knows, each decided by
 * the add-to-cart rule against the stock the device last saw, as a queued add would be.
 */
export function applyReorderToCart(
  cart: CartLinesOverlay,
  args: ReorderProductsArgs,
  entry: OverlayEntry,
): void {
  const rows = (entry.preview as unknown as ReorderPreview | undefined)?.rows ?? [];
  args.items.forEach((item, index) => {
    const row = rows[index];
    if (!row) return;
    applyAddToCart(
      cart,
      {
        variety: item.variety,
        grower: item.grower,
        length: item.length,
        eta_date: args.eta_date,
        quantity: item.quantity,
        inventory_key: row.offer.inventory_key,
        address: args.address ?? null,
      },
      { ...entry, preview: row as unknown as Record<string, unknown> },
    );
  });
}
