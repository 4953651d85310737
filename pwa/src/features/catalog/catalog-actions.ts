import { createContext, use, useSyncExternalStore } from 'react';
import type { Grower, Offer, Variety, VisibleCartLine } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { LoginFlow } from '../auth/login-failure';

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
  /** Asks a visitor to log in: for the 'cart' flow from an add to cart, else 'other'. */
  openLogin: (flow: LoginFlow) => void;
  requestDeliveryDate: () => void;
  openDetails: (varietyKey: string) => void;
  /**
   * Opens the page's one "Add to list" dialog (visitors and staff are asked to log in). The page
   * holds it, not the card: a card may be re-mounted by the windowed list at any moment.
   */
  openAddToList: (request: AddToListRequest) => void;
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

/**
 * The buyer's cart lines of the chosen date, by price row, for each card to read its own row's
 * (`useCartLine`). Not part of the actions: a cart change then re-renders only the cards whose
 * line changed. As a context value, every change re-rendered every card on screen and made React
 * walk the whole list for the context's readers; on a 4× slowed CPU that work sat in front of the
 * next tap (bench:catalog's Add to cart INP).
 */
export interface CatalogCartLines {
  get: (inventoryKey: number) => VisibleCartLine | undefined;
  subscribe: (listener: () => void) => () => void;
}

/** A page's cart lines; `set` publishes the date's lines and tells the cards. */
export function createCatalogCartLines(): CatalogCartLines & {
  set: (lines: ReadonlyMap<number, VisibleCartLine>) => void;
} {
  let current: ReadonlyMap<number, VisibleCartLine> = new Map();
  const listeners = new Set<() => void>();
  return {
    get: (inventoryKey) => current.get(inventoryKey),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (lines) => {
      if (lines === current) return;
      current = lines;
      for (const listener of listeners) listener();
    },
  };
}

export const CatalogCartContext = createContext<CatalogCartLines>(createCatalogCartLines());

/** The buyer's cart line of a price row on the chosen date, if any. */
export function useCartLine(inventoryKey: number): VisibleCartLine | undefined {
  const lines = use(CatalogCartContext);
  const read = (): VisibleCartLine | undefined => lines.get(inventoryKey);
  return useSyncExternalStore(lines.subscribe, read, read);
}
