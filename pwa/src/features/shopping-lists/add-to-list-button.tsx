import { lazy, Suspense, useState } from 'react';
import { shoppingListMessages, type Grower, type Offer, type Variety } from '@stemline/shared';
import { CardButton } from '../catalog/card-button';
import { useCatalogActions } from '../catalog/catalog-actions';

// The dialog's code loads on the first "Add to list": the catalogue's start-up stays as small.
const AddToListDialog = lazy(() =>
  import('./add-to-list-dialog').then((m) => ({ default: m.AddToListDialog })),
);

/**
 * "Add to list" beside "Add to cart" on a catalogue card and in the product detail. A native
 * button (as the cards' Add, see card-button.tsx) that opens the list picker; visitors are asked
 * to log in. Works offline: the list and the item are queued.
 */
export function AddToListButton({
  row,
  variety,
  quantity = 1,
}: {
  row: { offer: Offer; grower: Grower };
  variety: Variety;
  quantity?: number;
}) {
  const actions = useCatalogActions();
  const [open, setOpen] = useState(false);
  return (
    <>
      <CardButton
        size="sm"
        variant="secondary"
        onClick={() => (actions.db ? setOpen(true) : actions.openLogin())}
        aria-label={`${shoppingListMessages.addToList}: ${variety.name} ${row.offer.length} cm from ${row.grower.grower_name}`}
      >
        {shoppingListMessages.addToList}
      </CardButton>
      {open && actions.db && (
        <Suspense fallback={null}>
          <AddToListDialog
            db={actions.db}
            row={row}
            variety={variety}
            quantity={quantity}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
