import type {
  MutationArgs,
  MutationCollections,
  MutationName,
} from '../mutations/mutation-definitions';
import type { Notice } from '../schemas/sync';
import {
  applyCustomerAddress,
  applyDeleteAddress,
  type AddressesOverlay,
} from './addresses-overlay';
import {
  applyAddToCart,
  applyBoxChangesToCart,
  applyDeletesToCart,
  type AddToCartPreview,
  type CartLinesOverlay,
} from './cart-lines-overlay';
import {
  applyCloseBox,
  applyDeletesToBoxes,
  applyOpenBox,
  applyRemoveFromBox,
  applyUpsertCustomBox,
  type CustomBoxesOverlay,
  type CustomBoxPreview,
} from './custom-boxes-overlay';
import {
  applyAssignCartLineEvent,
  applyDeleteEvent,
  applySaveEvent,
  type EventsOverlay,
} from './events-overlay';
import { applyFavoriteChange, type FavoritesOverlay } from './favorites-overlay';
import { applyDismissNotices, type NoticesOverlay } from './notices-overlay';
import type { OverlayEntry } from './queued-mutation';
import { applyReorderToCart, type ReorderPreview } from './reorder-overlay';
import {
  applyAddListItem,
  applyCreateList,
  applyDeleteList,
  applyEditListItem,
  applyRemoveListItem,
  applyRenameList,
  type ShoppingListsOverlay,
} from './shopping-lists-overlay';
import {
  applyChangeStandingOrderWeek,
  applyCreateStandingOrder,
  applySetStandingOrderCard,
  applySetStandingOrderStatus,
  applySkipStandingOrderWeek,
  type StandingOrdersOverlay,
} from './standing-orders-overlay';

/** The state each overlaid collection's overlay works on. */
export interface OverlayStates {
  cart_lines: CartLinesOverlay;
  custom_boxes: CustomBoxesOverlay;
  addresses: AddressesOverlay;
  favorites: FavoritesOverlay;
  notices: NoticesOverlay<Pick<Notice, 'key'>>;
  events: EventsOverlay;
  shopping_lists: ShoppingListsOverlay;
  standing_orders: StandingOrdersOverlay;
}
export type OverlaidCollection = keyof OverlayStates;

/** Applies one queued mutation, its args parsed by its schema, to one collection's overlay. */
export type OverlayApplier<C extends OverlaidCollection, Name extends MutationName> = (
  state: OverlayStates[C],
  args: MutationArgs<Name>,
  entry: OverlayEntry,
) => void;

/**
 * How a mutation shows on screen before the server has reflected it: an applier for each of its
 * collections the device overlays. Only collections its definition lists are allowed, since
 * the overlay waits for those checkpoints; none (`{}`) means the screen waits for the server.
 */
export type MutationOverlay<Name extends MutationName> = {
  readonly [C in MutationCollections<Name> & OverlaidCollection]?: OverlayApplier<C, Name>;
};

/**
 * Every mutation's overlay. The type requires an entry per mutation name, so a new mutation does
 * not compile until someone decides how (or whether) the screen shows it at once.
 */
export const mutationOverlays = {
  add_to_cart: { cart_lines: applyAddToCart },
  execute_box_changes: { cart_lines: applyBoxChangesToCart },
  delete_boxes: { cart_lines: applyDeletesToCart, custom_boxes: applyDeletesToBoxes },
  upsert_custom_box: { custom_boxes: applyUpsertCustomBox },
  remove_from_box: { custom_boxes: applyRemoveFromBox },
  close_box: { custom_boxes: applyCloseBox },
  open_box: { custom_boxes: applyOpenBox },
  dismiss_notices: { notices: applyDismissNotices },
  // The order confirmation and the new hold times come from the server.
  place_order: {},
  extend_expiration_boxes: {},
  add_favorite: { favorites: applyFavoriteChange('add_favorite') },
  remove_favorite: { favorites: applyFavoriteChange('remove_favorite') },
  customer_address: { addresses: applyCustomerAddress },
  delete_address: { addresses: applyDeleteAddress },
  update_preferences: {},
  save_event: { events: applySaveEvent },
  delete_event: { events: applyDeleteEvent },
  assign_cart_line_event: { cart_lines: applyAssignCartLineEvent },
  // The claims screen shows a claim waiting to send from the device's photo store
  // (pwa/src/storage/claim-photo-db.ts) until the server's document arrives.
  claim_finish: {},
  claim_update: {},
  claim_delete: {},
  create_shopping_list: { shopping_lists: applyCreateList },
  rename_shopping_list: { shopping_lists: applyRenameList },
  delete_shopping_list: { shopping_lists: applyDeleteList },
  shopping_list_add_item: { shopping_lists: applyAddListItem },
  shopping_list_edit_item: { shopping_lists: applyEditListItem },
  shopping_list_remove_item: { shopping_lists: applyRemoveListItem },
  // Running a shopping list: what the cart took is the server's answer, kept as `last_run`.
  run_shopping_list: {},
  // Standing orders: the shared week rules at the time the buyer queued the change.
  create_standing_order: { standing_orders: applyCreateStandingOrder },
  set_standing_order_status: { standing_orders: applySetStandingOrderStatus },
  set_standing_order_card: { standing_orders: applySetStandingOrderCard },
  skip_standing_order_week: { standing_orders: applySkipStandingOrderWeek },
  change_standing_order_week: { standing_orders: applyChangeStandingOrderWeek },
  reorder_products: { cart_lines: applyReorderToCart },
} satisfies { readonly [Name in MutationName]: MutationOverlay<Name> };

/**
 * What a mutation must carry, besides its args, for its overlay to draw it: the figures of the
 * catalogue rows it names, which the device has and the args do not repeat.
 */
export interface MutationPreviews {
  add_to_cart: AddToCartPreview;
  upsert_custom_box: CustomBoxPreview;
  reorder_products: ReorderPreview;
}
