import { map } from 'rxjs';
import type { SavedCard } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';

export interface SavedCardsView {
  cards: SavedCard[];
  loaded: boolean;
}

const LOADING: SavedCardsView = { cards: [], loaded: false };

/** The customer's saved cards as synced to this device (brand, last 4, expiry), newest first. */
export function useSavedCards(db: AccountDb | null): SavedCardsView {
  return useObservable(
    () =>
      db?.payment_cards.find().$.pipe(
        map((docs) => ({
          cards: docs
            .map((doc): SavedCard => {
              const { seq: _seq, ...card } = doc.toMutableJSON();
              return card;
            })
            .sort((a, b) => b.created_at - a.created_at),
          loaded: true,
        })),
      ),
    LOADING,
    [db],
  );
}
