import {
  shoppingListMessages,
  type Grower,
  type Offer,
  type Variety,
  nameWithLength,
} from '@stemline/shared';
import { ListPlusIcon } from '../../ui';
import { CardButton } from '../catalog/card-button';
import { useCatalogActions } from '../catalog/catalog-actions';

/**
 * "Add to list" beside "Add to cart" on a catalogue card and in the product detail. A native
 * button (as the cards' Add, see card-button.tsx) that asks the page to open the list picker
 * (add-to-list-host.tsx); visitors are asked to log in. Works offline: the list and the item are
 * queued. `compact` (a card's picture) shows a list icon instead of the words; its accessible
 * name stays the same.
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
  const { openAddToList } = useCatalogActions();
  return (
    <CardButton
      size={compact ? undefined : 'sm'}
      variant={compact ? 'quiet' : 'secondary'}
      className={compact ? 'sl-icon-button add-to-list--overlay' : undefined}
      title={compact ? shoppingListMessages.addToList : undefined}
      onClick={() => openAddToList({ row, variety, quantity })}
      aria-label={`${shoppingListMessages.addToList}: ${nameWithLength(variety.name, row.offer.length)} from ${row.grower.grower_name}`}
    >
      {compact ? <ListPlusIcon /> : shoppingListMessages.addToList}
    </CardButton>
  );
}
