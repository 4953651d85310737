import { combineLatest, type Subscription } from 'rxjs';
import { overlayFavorites, type VisibleFavorites } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';

type Listener = () => void;

interface FavoritesStore {
  get: () => VisibleFavorites;
  subscribe: (listener: Listener) => () => void;
}

const EMPTY: VisibleFavorites = { favorited: new Set(), pending: new Set() };
const stores = new WeakMap<AccountDb, FavoritesStore>();

/**
 * One live view of an account's favourites, shared by every heart on the page: a catalogue page
 * shows dozens of cards, and each subscribing to RxDB on its own would repeat the same queries.
 * It watches the pulled `favorites`, the favourite mutations of the outbox and the collection's
 * checkpoint while anyone listens.
 */
export function favoritesStore(db: AccountDb): FavoritesStore {
  const existing = stores.get(db);
  if (existing) return existing;
  let current = EMPTY;
  let subscription: Subscription | undefined;
  const listeners = new Set<Listener>();
  const store: FavoritesStore = {
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      subscription ??= combineLatest([
        db.favorites.find().$,
        db.mutations.find({ selector: { name: { $in: ['add_favorite', 'remove_favorite'] } } }).$,
        db.sync_state.findOne('favorites').$,
      ]).subscribe(([docs, mutations, state]) => {
        current = overlayFavorites(
          docs.map((doc) => doc.variety_key),
          mutations.map((doc) => doc.toMutableJSON()),
          state?.checkpoint ?? 0,
        );
        listeners.forEach((notify) => notify());
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = undefined;
        }
      };
    },
  };
  stores.set(db, store);
  return store;
}
