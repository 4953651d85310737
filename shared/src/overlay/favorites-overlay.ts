import { applyFavoriteChanges, type FavoriteMutationArgs } from '../schemas/favorites';
import type { OverlayEntry } from './queued-mutation';

export interface VisibleFavorites {
  /** Varieties shown as favourites: the server's, with queued changes applied on top. */
  favorited: ReadonlySet<string>;
  /** Varieties with a change the server has not confirmed yet. */
  pending: ReadonlySet<string>;
}

/** The favourites while the overlay applies queued mutations to them. */
export interface FavoritesOverlay {
  favorited: Set<string>;
  pending: Set<string>;
}

/** The overlay's starting point: the pulled favourite varieties. */
export function favoritesOverlay(serverVarieties: Iterable<string>): FavoritesOverlay {
  return { favorited: new Set(serverVarieties), pending: new Set() };
}

/** A queued add or remove, by the rule the server applies to its table. */
export function applyFavoriteChange(
  name: 'add_favorite' | 'remove_favorite',
): (favorites: FavoritesOverlay, args: FavoriteMutationArgs, entry: OverlayEntry) => void {
  return (favorites, args, entry) => {
    favorites.favorited = applyFavoriteChanges(favorites.favorited, [
      { name, variety_key: args.variety_key },
    ]);
    if (entry.status === 'pending') favorites.pending.add(args.variety_key);
  };
}
