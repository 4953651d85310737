import { createContext, use } from 'react';
import type { VisibleCartLine } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';

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
