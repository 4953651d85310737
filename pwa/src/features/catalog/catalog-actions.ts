import { createContext, use } from 'react';
import type { Grower, Offer, Variety, VisibleCartLine } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';

/** A price row the buyer wants on a shopping list, with the quantity chosen beside it. */
export interface AddToListRequest {
  row: { offer: Offer; grower: Grower };
  variety: Variety;
  quantity: number;
}

/** What the cards and the detail dialog need from the page to act. */
export interface CatalogActions {
  /** The buyer's account database; null for visitors and staff, who are asked to log in. */
  db: AccountDb | null;
  /** The chosen delivery date (yyyyMMdd); null means adding asks for one first. */
  etaDate: number | null;
  /** False for visitors: the server sends them no prices ('Log in to see prices'). */
  pricesVisible: boolean;
  openLogin: () => void;
  requestDeliveryDate: () => void;
  openDetails: (varietyKey: string) => void;
  /**
   * Opens the page's one "Add to list" dialog (visitors and staff are asked to log in). The page
   * holds it, not the card: a card may be re-mounted by the windowed list at any moment.
   */
  openAddToList: (request: AddToListRequest) => void;
  /** The buyer's cart lines of the chosen date, by price row. */
  cartByOffer: ReadonlyMap<number, VisibleCartLine>;
  /** When the server last confirmed the stock figures shown, on the server's clock. */
  stockAsOf?: number | undefined;
}

export const CatalogActionsContext = createContext<CatalogActions | null>(null);

/** The page's catalogue actions; only inside `CatalogActionsContext`. */
export function useCatalogActions(): CatalogActions {
  const actions = use(CatalogActionsContext);
  if (!actions) throw new Error('useCatalogActions needs a CatalogActionsContext provider');
  return actions;
}
