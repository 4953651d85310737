import { useState } from 'react';
import { messages, stemlineMessages, type Variety } from '@stemline/shared';
import { isQuotaError } from '../../storage/quota-error';
import { Button, NumberField, showToast } from '../../ui';
import { enqueueAddToCart } from '../cart/enqueue-add-to-cart';
import { AddToListButton } from '../shopping-lists/add-to-list-button';
import { CardButton } from './card-button';
import { useCatalogActions } from './catalog-actions';
import type { PriceRow } from './catalog-model';
import { boxesLeft } from './offer-status';

/** How a price row is named to assistive technology: variety, length and farm. */
export function offerLabel(variety: Variety, { offer, grower }: PriceRow): string {
  return `${variety.name} ${offer.length > 0 ? `${offer.length} cm ` : ''}from ${grower.grower_name}`;
}

/**
 * The Boxes field and Add button of one price row; `withQuantity` false leaves only Add, for one
 * box (the list's cards: a field per card would cost every keystroke of the search a frame).
 * Visitors are asked to log in, a buyer without a delivery date gets the calendar (spec §5), and
 * the add is queued in the outbox, so it works offline and shows in the cart at once.
 */
export function OfferActions({
  row,
  variety,
  withQuantity = true,
}: {
  row: PriceRow;
  variety: Variety;
  withQuantity?: boolean;
}) {
  const actions = useCatalogActions();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  // What the buyer can still add: none once this device has taken the last box (offer-status).
  const offered = boxesLeft(
    row,
    actions.cartByOffer.get(row.offer.inventory_key),
    actions.stockAsOf,
  );
  const label = offerLabel(variety, row);

  const add = async (): Promise<void> => {
    const { db, etaDate } = actions;
    if (!db) return actions.openLogin();
    if (etaDate === null) return actions.requestDeliveryDate();
    setAdding(true);
    try {
      await enqueueAddToCart(db, { ...row, variety }, etaDate, quantity);
      showToast({
        title: messages.addToCartSuccess,
        variant: 'success',
        description: navigator.onLine
          ? undefined
          : 'Saved on this device; it syncs when you are back online.',
      });
    } catch (error) {
      showToast({
        title: messages.addToCartError,
        variant: 'error',
        description: isQuotaError(error) ? stemlineMessages.storageFull : undefined,
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="offer-actions">
      {withQuantity && (
        <NumberField
          label="Boxes"
          aria-label={`Boxes of ${label}`}
          minValue={1}
          maxValue={Math.max(1, offered)}
          value={quantity}
          onChange={(value) => setQuantity(Number.isNaN(value) ? 1 : value)}
          isDisabled={offered === 0}
          className="offer-actions__boxes"
        />
      )}
      {withQuantity ? (
        <Button
          size="sm"
          onPress={() => void add()}
          isPending={adding}
          isDisabled={offered === 0}
          aria-label={`Add ${label} to cart`}
        >
          Add
        </Button>
      ) : (
        // The cards' Add: the same look without react-aria's per-button hooks (card-button.tsx).
        <CardButton
          size="sm"
          onClick={() => void add()}
          pending={adding}
          disabled={offered === 0}
          aria-label={`Add ${label} to cart`}
        >
          Add
        </CardButton>
      )}
      {withQuantity && <AddToListButton row={row} variety={variety} quantity={quantity} />}
    </div>
  );
}
