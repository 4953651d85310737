import { lazy, Suspense, useState } from 'react';
import { shoppingListMessages, type Grower, type Offer, type Variety } from '@stemline/shared';
import { ListPlusIcon } from '../../ui';
import { CardButton } from '../catalog/card-button';
import { useCatalogActions } from '../catalog/catalog-actions';

// The dialog's code loads on the first "Add to list": the catalogue's start-up stays as small.
const AddToListDialog = lazy(() =>
  import('./add-to-list-dialog').then((m) => ({ default: m.AddToListDialog })),
);

/**
 * "Add to list" beside "Add to cart" on a catalogue card and in the product detail. A native
 * button (as the cards' Add, see card-button.tsx) that opens the list picker; visitors are asked
 * to log in. Works offline: the list and the item are queued. `compact` (a card's picture) shows
 * a list icon instead of the words; its accessible name stays the same.
 */
export function AddToListButton({
  row,
  variety,
  quantity = 1,
  compact = false,
}: {
  row: { offer: Offer; grower: Grower };
  variety: Variety;
  quantity?: number;
  compact?: boolean;
}) {
  const actions = useCatalogActions();
  const [open, setOpen] = useState(false);
  return (
    <>
      <CardButton
        size={compact ? undefined : 'sm'}
        variant={compact ? 'quiet' : 'secondary'}
        className={compact ? 'sl-icon-button add-to-list--overlay' : undefined}
        title={compact ? shoppingListMessages.addToList : undefined}
        onClick={() => (actions.db ? setOpen(true) : actions.openLogin())}
        aria-label={`${shoppingListMessages.addToList}: ${variety.name} ${row.offer.length} cm from ${row.grower.grower_name}`}
      >
        {compact ? <ListPlusIcon /> : shoppingListMessages.addToList}
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
