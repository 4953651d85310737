import { useState } from 'react';
import type { Variety } from '@stemline/shared';
import { accountStorageKey } from '../../session/mailbox-proof';
import { sessionStore } from '../../session/session-store';
import { whenAccountDbReady } from '../../storage/account-db-ready';
import type { AccountDb } from '../../storage/account-db';
import { addOfferToCart } from './add-offer-to-cart';
import { CardButton } from './card-button';
import { useCartLine, useCatalogActions } from './catalog-actions';
import type { PriceRow } from './catalog-model';
import { boxesLeft } from './offer-status';
import { pendingAdd } from './pending-add';

/** How a price row is named to assistive technology: variety, length and farm. */
export function offerLabel(variety: Variety, { offer, grower }: PriceRow): string {
  return `${variety.name} ${offer.length > 0 ? `${offer.length} cm ` : ''}from ${grower.grower_name}`;
}

/** What a price row's Add needs: what is left to add, its label, and the add itself. */
export interface OfferAdd {
  /** Boxes the buyer can still add (none once this device has taken the last box). */
  offered: number;
  label: string;
  adding: boolean;
  add: (quantity: number) => Promise<void>;
}

/**
 * The account database a signed-in buyer's tap waits for when the screen has none yet (the
 * moment after sign-in, while it opens); null without a buyer's session, or once it is gone.
 */
async function accountDbOfSession(): Promise<AccountDb | null> {
  let waitedFor: string | null = null;
  for (;;) {
    const user = sessionStore.get()?.user;
    const storageKey = user ? accountStorageKey(user) : null;
    // A key already waited for came back removed: the session it belonged to has ended.
    if (storageKey === null || storageKey === waitedFor) return null;
    waitedFor = storageKey;
    const db = await whenAccountDbReady(storageKey);
    if (db) return db;
  }
}

/**
 * Adding a price row to the cart: visitors are asked to log in (the row is kept, and added once
 * they have: pending-add.ts), a buyer without a delivery date gets the calendar (spec §5), and
 * the add is queued in the outbox, so it works offline and shows in the cart at once. A buyer
 * whose account database is still opening sees the button busy until it has, then the add goes
 * ahead.
 */
export function useOfferAdd(row: PriceRow, variety: Variety): OfferAdd {
  const actions = useCatalogActions();
  const [adding, setAdding] = useState(false);
  const offered = boxesLeft(row, useCartLine(row.offer.inventory_key), actions.stockAsOf);
  const label = offerLabel(variety, row);

  const add = async (quantity: number): Promise<void> => {
    const { etaDate } = actions;
    let db = actions.db;
    if (!db && sessionStore.get()?.user.metadata.customer) {
      setAdding(true);
      db = await accountDbOfSession();
      setAdding(false);
    }
    if (!db) {
      if (!sessionStore.get()) {
        const { offer } = row;
        pendingAdd.remember({
          inventoryKey: offer.inventory_key,
          varietyKey: offer.variety_key,
          growerKey: offer.grower_key,
          length: offer.length,
          label,
          quantity,
          etaDate,
        });
      }
      return actions.openLogin('cart');
    }
    if (etaDate === null) return actions.requestDeliveryDate();
    setAdding(true);
    try {
      await addOfferToCart(db, { ...row, variety }, etaDate, quantity);
    } finally {
      setAdding(false);
    }
  };
  return { offered, label, adding, add };
}

/**
 * The Add of a list card's best price row, for one box: no Boxes field (a field per card would
 * cost every keystroke of the search a frame); the product detail has one per row
 * (detail-offer-actions.tsx).
 */
export function OfferActions({ row, variety }: { row: PriceRow; variety: Variety }) {
  const { offered, label, adding, add } = useOfferAdd(row, variety);
  return (
    <div className="offer-actions">
      {/* The same look as ui's Button without react-aria's per-button hooks (card-button.tsx). */}
      <CardButton
        size="sm"
        onClick={() => void add(1)}
        pending={adding}
        disabled={offered === 0}
        aria-label={`Add ${label} to cart`}
      >
        Add
      </CardButton>
    </div>
  );
}
