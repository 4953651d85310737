import { useAccountLive } from '../../session/account-live-context';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';
import type { CartView } from './stable-cart-view';

export type { CartView } from './stable-cart-view';

const EMPTY: CartView = { lines: [], pendingCount: 0, problems: [], loaded: false };

/**
 * The cart on screen: server lines plus the outbox overlay, live across tabs. Its live query
 * (cart-source.ts, with RxJS and the outbox) comes with the account (`useAccountLive`), so a
 * visitor's first screen loads none of it.
 */
export function useCart(db: AccountDb | null): CartView {
  const live = useAccountLive();
  return useObservable(() => (db && live ? live.cart(db) : undefined), EMPTY, [db, live]);
}
