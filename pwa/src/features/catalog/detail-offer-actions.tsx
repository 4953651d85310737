import { useState } from 'react';
import type { Variety } from '@stemline/shared';
import { Button, NumberField } from '../../ui';
import { AddToListButton } from '../shopping-lists/add-to-list-button';
import type { PriceRow } from './catalog-model';
import { useOfferAdd } from './offer-actions';

/** The Boxes field, Add and Add to list of one price row in the product detail. */
export function DetailOfferActions({ row, variety }: { row: PriceRow; variety: Variety }) {
  const [quantity, setQuantity] = useState(1);
  const { offered, label, adding, add } = useOfferAdd(row, variety);
  return (
    <div className="offer-actions">
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
      <Button
        size="sm"
        onPress={() => void add(quantity)}
        isPending={adding}
        isDisabled={offered === 0}
        aria-label={`Add ${label} to cart`}
      >
        Add
      </Button>
      <AddToListButton row={row} variety={variety} quantity={quantity} />
    </div>
  );
}
