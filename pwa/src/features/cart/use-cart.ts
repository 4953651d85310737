import { useMemo } from 'react';
import { combineLatest, map } from 'rxjs';
import type { CartLine } from '@stemline/shared';
import type { AccountDb } from '../../data/account-db';
import type { MutationDoc } from '../../data/account-schemas';
import { useObservable } from '../../data/use-observable';
import { overlayCart, type VisibleCartLine } from './cart-overlay';

export interface CartView {
  lines: VisibleCartLine[];
  /** Queued mutations not yet answered by the server. */
  pendingCount: number;
  /** Answers the buyer should read: rejections and partial fills, until dismissed. */
  problems: MutationDoc[];
  loaded: boolean;
}

const EMPTY: CartView = { lines: [], pendingCount: 0, problems: [], loaded: false };

/** The cart on screen: server lines plus the outbox overlay, live across tabs. */
export function useCart(db: AccountDb | null): CartView {
  const raw = useObservable(
    () =>
      db
        ? combineLatest([
            db.cart_lines.find().$,
            db.mutations.find({ sort: [{ createdAt: 'asc' }] }).$,
            db.sync_state.findOne('cart_lines').$,
          ]).pipe(
            map(([lines, mutations, state]) => ({
              lines: lines.map((doc): CartLine => doc.toMutableJSON()),
              mutations: mutations.map((doc) => doc.toMutableJSON()),
              checkpoint: state?.checkpoint ?? 0,
            })),
          )
        : undefined,
    null,
    [db],
  );
  return useMemo((): CartView => {
    if (!raw) return EMPTY;
    return {
      lines: overlayCart(raw.lines, raw.mutations, raw.checkpoint),
      pendingCount: raw.mutations.filter((m) => m.status === 'pending').length,
      problems: raw.mutations.filter(
        (m) => m.status === 'rejected' || (m.status === 'applied' && m.message),
      ),
      loaded: true,
    };
  }, [raw]);
}
