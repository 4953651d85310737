import type { SavedAddress } from '../schemas/address';
import type { CartLine } from '../schemas/cart';
import type { CustomBox } from '../schemas/custom-box';
import type { Notice } from '../schemas/sync';
import { addressesOverlay, type VisibleAddress } from './addresses-overlay';
import { applyOverlay } from './apply-overlay';
import { cartLinesOverlay, type VisibleCartLine } from './cart-lines-overlay';
import { customBoxesOverlay, type VisibleCustomBox } from './custom-boxes-overlay';
import { favoritesOverlay, type VisibleFavorites } from './favorites-overlay';
import { noticesOverlay } from './notices-overlay';
import type { OverlayEntry } from './queued-mutation';
import type { ShoppingList } from '../schemas/shopping-lists';
import { shoppingListsOverlay, type VisibleShoppingList } from './shopping-lists-overlay';
import type { StandingOrder } from '../schemas/standing-orders';
import { standingOrdersOverlay, type VisibleStandingOrder } from './standing-orders-overlay';

/*
 * Each collection as the buyer should see it: the pulled documents with every queued mutation
 * the server has not reflected yet applied on top, by the same shared rules the server runs.
 * A mutation counts while pending, and once applied until the collection's pulled checkpoint
 * reaches its `appliedSeq`: then the pulled documents already hold it, so nothing flickers or
 * counts twice. Rejected mutations are not shown.
 */

/** The cart, with queued boxes marked as pending. */
export function overlayCart(
  serverLines: readonly (CartLine & { seq?: number })[],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): VisibleCartLine[] {
  const cart = applyOverlay('cart_lines', cartLinesOverlay(serverLines), outbox, checkpoint);
  return [...cart.lines.values()];
}

/** The custom boxes, oldest first. */
export function overlayCustomBoxes(
  serverBoxes: readonly CustomBox[],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): VisibleCustomBox[] {
  const boxes = applyOverlay('custom_boxes', customBoxesOverlay(serverBoxes), outbox, checkpoint);
  return [...boxes.values()].sort((a, b) => a.added_at - b.added_at);
}

/** The one-time addresses, oldest first; a queued delete keeps its row, marked, until applied. */
export function overlayAddresses(
  pulled: readonly SavedAddress[],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): VisibleAddress[] {
  const book = applyOverlay('addresses', addressesOverlay(pulled), outbox, checkpoint);
  return [...book.values()].sort(
    (a, b) => a.created_at - b.created_at || a.key.localeCompare(b.key),
  );
}

/** The favourite varieties, and those with a change the server has not confirmed. */
export function overlayFavorites(
  serverVarieties: Iterable<string>,
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): VisibleFavorites {
  return applyOverlay('favorites', favoritesOverlay(serverVarieties), outbox, checkpoint);
}

/** The notices in the order given, without those a queued dismissal names. */
export function overlayNotices<N extends Pick<Notice, 'key'>>(
  notices: readonly N[],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): N[] {
  const visible = noticesOverlay(notices);
  applyOverlay('notices', visible, outbox, checkpoint);
  return [...visible.values()];
}

/** The shopping lists, newest first, with queued edits applied. */
export function overlayShoppingLists(
  pulled: readonly ShoppingList[],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): VisibleShoppingList[] {
  const lists = applyOverlay('shopping_lists', shoppingListsOverlay(pulled), outbox, checkpoint);
  return [...lists.values()].sort(
    (a, b) => b.created_at - a.created_at || a.key.localeCompare(b.key),
  );
}

/** The standing orders by first week, with queued changes applied (pending marked). */
export function overlayStandingOrders(
  pulled: readonly StandingOrder[],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): VisibleStandingOrder[] {
  const orders = applyOverlay('standing_orders', standingOrdersOverlay(pulled), outbox, checkpoint);
  return [...orders.values()].sort(
    (a, b) => a.start_week - b.start_week || a.key.localeCompare(b.key),
  );
}
