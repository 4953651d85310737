import { cartSource } from '../features/cart/cart-source';
import { customBoxesSource } from '../features/cart/custom-boxes-source';
import { favoritesStore } from '../features/favorites/favorites-store';
import { noticesSource } from '../features/notices/notices-source';

/**
 * The live queries the app shell and the catalogue show for a signed-in buyer (cart, custom
 * boxes, notices, favourites). Loaded with `AccountProvider`, which provides them beside the
 * database (account-live-context.ts); the hooks of the first screen read them from there.
 */
export const accountLive = {
  cart: cartSource,
  customBoxes: customBoxesSource,
  notices: noticesSource,
  favorites: favoritesStore,
};

export type AccountLive = typeof accountLive;
