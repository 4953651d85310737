import { useEffect, useRef } from 'react';
import {
  formatEtaDate,
  messages,
  readCatalogSummary,
  stemlineMessages,
  type User,
} from '@stemline/shared';
import { accountStorageKey } from '../../session/mailbox-proof';
import { sessionStore } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import { whenAccountDbReady } from '../../storage/account-db-ready';
import { showToast } from '../../ui';
import { addOfferToCart } from '../catalog/add-offer-to-cart';
import { downloadCompactCatalog } from '../catalog/catalog-api';
import { decodeCopy } from '../catalog/catalog-copy';
import { pendingAdd, type PendingAdd } from '../catalog/pending-add';
import { useDeliveryDate } from '../delivery/use-delivery-date';
import { pendingAddRow } from './pending-add-offer';

/** Says that the add pressed before logging in was not made, and why. */
function notAdded(add: PendingAdd, reason: string): void {
  showToast({
    title: `${add.label} was not added to your cart.`,
    description: reason,
    variant: 'error',
  });
}

/**
 * Carries out the add a visitor pressed before logging in, once a session has come: for a buyer,
 * once their account database has opened and a delivery date is known (the one chosen when Add
 * was pressed, else the one chosen now: the automatic date, or the calendar's). Rendered while
 * an add is pending and a session exists (auth-flows.tsx); loads with the log-in, not with the
 * catalogue's first screen.
 */
export function PendingAddRunner({ add }: { add: PendingAdd }) {
  const user = useSession()?.user;
  const { chosen, automatic } = useDeliveryDate();
  const date = add.etaDate ?? chosen;
  const askedForDate = useRef(false);

  // Logged out while it waited (for a date): not made for whoever logs in next.
  useEffect(
    () => () => {
      if (!sessionStore.get()) pendingAdd.forget();
    },
    [],
  );
  useEffect(() => {
    if (!user) return;
    if (!user.metadata.customer) {
      pendingAdd.forget();
      notAdded(add, 'Only buyer accounts have a cart, and this is a staff or grower account.');
      return;
    }
    if (date === null) {
      // An account with the automatic date gets it in the URL in a moment (spec §2).
      if (automatic || askedForDate.current) return;
      askedForDate.current = true;
      showToast({
        title: `Choose your delivery date to add ${add.label} to your cart.`,
        description: 'It is added as soon as you have chosen one.',
      });
      return;
    }
    // Taken first, so it is added once however often this renders.
    if (pendingAdd.take() === add) void carryOut(user, add, date);
  }, [user, add, date, automatic]);
  return null;
}

/**
 * The add itself, the way Add makes it (add-offer-to-cart.ts), with the price row as the buyer's
 * catalogue of the date has it now: the visitor's copy had no prices, and the buyer may have
 * chosen another date. The server judges the stock when the add syncs, as always.
 */
async function carryOut(user: User, add: PendingAdd, date: number): Promise<void> {
  const storageKey = accountStorageKey(user);
  const db = storageKey === null ? null : await whenAccountDbReady(storageKey);
  // Logged out before the account had opened: there is no cart to add to.
  if (!db) return;
  const download = await downloadCompactCatalog(date, new AbortController().signal);
  if (!download.success) {
    notAdded(add, download.offline ? stemlineMessages.networkNeeded : download.error);
    return;
  }
  const { version, catalogId, pricesHidden } = readCatalogSummary(download.data);
  const snapshot = await decodeCopy({
    date,
    fetchedAt: Date.now(),
    version,
    catalogId,
    pricesHidden,
    data: download.data,
    snapshot: null,
  }).catch(() => null);
  if (!snapshot) {
    notAdded(add, messages.serverError);
    return;
  }
  const row = pendingAddRow(snapshot, add);
  const day = formatEtaDate(date);
  if (!row) {
    notAdded(add, `It is no longer offered for ${day}.`);
    return;
  }
  const boxes = add.quantity === 1 ? '1 box' : `${add.quantity} boxes`;
  await addOfferToCart(db, row, date, add.quantity, `${boxes} of ${add.label} for ${day}.`);
}
