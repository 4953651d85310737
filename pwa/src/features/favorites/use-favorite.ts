import { useCallback, useSyncExternalStore } from 'react';
import { useAccountLive } from '../../session/account-live-context';
import type { AccountDb } from '../../storage/account-db';

export interface FavoriteState {
  favorited: boolean;
  /** The latest toggle is queued and not yet confirmed by the server. */
  pending: boolean;
}

const NONE: FavoriteState = { favorited: false, pending: false };
const noStore = { subscribe: () => () => undefined, get: () => NONE };

/** Whether a variety is a favourite on this device now, re-rendering only when that changes. */
export function useFavorite(db: AccountDb | null, varietyKey: string): FavoriteState {
  const live = useAccountLive();
  const store = db && live ? live.favorites(db) : null;
  const isFavorited = (): boolean => store?.get().favorited.has(varietyKey) ?? false;
  const isPending = (): boolean => store?.get().pending.has(varietyKey) ?? false;
  const favorited = useSyncExternalStore(
    store?.subscribe ?? noStore.subscribe,
    isFavorited,
    isFavorited,
  );
  const pending = useSyncExternalStore(store?.subscribe ?? noStore.subscribe, isPending, isPending);
  return { favorited, pending };
}

/**
 * Queues adding or removing a favourite; the heart changes from the same outbox write, online or
 * offline. Throws when the device cannot store it (quota), so the caller can say so.
 */
export function useToggleFavorite(db: AccountDb | null, varietyKey: string) {
  return useCallback(
    async (favorite: boolean): Promise<void> => {
      if (!db) return;
      // The outbox comes with the account (already loaded once there is a database).
      const { enqueueMutation } = await import('../../sync/outbox');
      await enqueueMutation(db, favorite ? 'add_favorite' : 'remove_favorite', {
        variety_key: varietyKey,
      });
    },
    [db, varietyKey],
  );
}
