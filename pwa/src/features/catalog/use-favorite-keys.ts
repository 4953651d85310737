import { useSyncExternalStore } from 'react';
import { useAccountLive } from '../../session/account-live-context';
import type { AccountDb } from '../../storage/account-db';

const NONE: ReadonlySet<string> = new Set();
const noSubscription = () => () => undefined;

/**
 * The variety keys this account has as favourites on this device now: what the hearts show, from
 * the same store (the pulled favourites with the queued toggles over them), so it works offline.
 * The same set until a heart changes; empty without an account.
 */
export function useFavoriteKeys(db: AccountDb | null): ReadonlySet<string> {
  const live = useAccountLive();
  const store = db && live ? live.favorites(db) : null;
  const read = (): ReadonlySet<string> => store?.get().favorited ?? NONE;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, read, read);
}
