import { useState } from 'react';
import {
  shoppingListMessages,
  shoppingListNameSchema,
  type Grower,
  type Offer,
  type ShoppingListUnit,
  type Variety,
  nameWithLength,
} from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import {
  Button,
  ModalDialog,
  NumberField,
  SegmentedControl,
  SegmentedControlItem,
  Select,
  SelectItem,
  showToast,
  Spinner,
  TextField,
} from '../../ui';
import { addToList, createList } from './list-actions';
import { useShoppingLists } from './use-shopping-lists';
import './shopping-lists.css';

const NEW_LIST = '__new__';
const ANY_GROWER = '__any__';

/**
 * Picks the list (or names a new one), the quantity in boxes or bunches, and whether the grower
 * of this row is preferred; then queues the item. Names are checked with the server's schema.
 * Until the account database is open and its lists are read (`db` null just after logging in),
 * it says so and cannot be saved, rather than offering a list picker without the buyer's lists.
 */
export function AddToListDialog({
  db,
  row,
  variety,
  quantity: initialQuantity,
  onClose,
}: {
  db: AccountDb | null;
  row: { offer: Offer; grower: Grower };
  variety: Variety;
  quantity: number;
  onClose: () => void;
}) {
  const { lists, loaded } = useShoppingLists(db);
  const [chosen, setChosen] = useState<string | null>(null);
  const listKey = chosen ?? lists[0]?.key ?? NEW_LIST;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [quantity, setQuantity] = useState(initialQuantity);
  const [unit, setUnit] = useState<ShoppingListUnit>('box');
  const [grower, setGrower] = useState<string>(row.grower.key);
  const [saving, setSaving] = useState(false);

  const save = async (): Promise<void> => {
    if (!db || !loaded) return;
    let target = listKey;
    let listName = lists.find((list) => list.key === listKey)?.name ?? '';
    if (target === NEW_LIST) {
      const parsed = shoppingListNameSchema.safeParse(name);
      if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
      listName = parsed.data;
    }
    setSaving(true);
    try {
      if (target === NEW_LIST) {
        const made = await createList(db, listName);
        if (made === null) return;
        target = made;
      }
      const added = await addToList(db, target, {
        variety_key: variety.key,
        variety_name: variety.name,
        length: row.offer.length,
        grower_key: grower === ANY_GROWER ? null : grower,
        quantity,
        unit,
      });
      if (added === null) return;
      showToast({
        title: shoppingListMessages.addedToList(variety.name, listName),
        variant: 'success',
      });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const listItems = [
    ...lists.map((list) => ({ id: list.key, name: list.name })),
    { id: NEW_LIST, name: 'New list…' },
  ];
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={shoppingListMessages.addToList}
      subtitle={nameWithLength(variety.name, row.offer.length)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button onPress={() => void save()} isPending={saving} isDisabled={!loaded}>
            {shoppingListMessages.addToList}
          </Button>
        </>
      }
    >
      {!loaded ? (
        <p className="shopping-lists__opening" role="status">
          <Spinner size="sm" aria-label={shoppingListMessages.openingLists} />
          {shoppingListMessages.openingLists}
        </p>
      ) : (
        <div className="shopping-lists__form">
          <Select
            label="List"
            items={listItems}
            selectedKey={listKey}
            onSelectionChange={(key) => setChosen(String(key))}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
          {listKey === NEW_LIST && (
            <TextField
              label="New list name"
              value={name}
              onChange={(value) => {
                setName(value);
                setNameError(undefined);
              }}
              errorMessage={nameError}
              placeholder="Weekly cooler"
              autoFocus
            />
          )}
          <NumberField
            label="Quantity"
            minValue={1}
            maxValue={unit === 'box' ? 30 : 600}
            value={quantity}
            onChange={(value) => setQuantity(Number.isNaN(value) ? 1 : value)}
          />
          <SegmentedControl
            aria-label="Counted in"
            selectedKeys={[unit]}
            onSelectionChange={(keys) => {
              const [next] = [...keys];
              if (next === 'box' || next === 'bunch') setUnit(next);
            }}
          >
            <SegmentedControlItem id="box">Boxes</SegmentedControlItem>
            <SegmentedControlItem id="bunch">Bunches</SegmentedControlItem>
          </SegmentedControl>
          <Select
            label="Grower"
            items={[
              { id: row.grower.key, name: `${row.grower.grower_name} (preferred)` },
              { id: ANY_GROWER, name: 'Any grower' },
            ]}
            selectedKey={grower}
            onSelectionChange={(key) => setGrower(String(key))}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
        </div>
      )}
    </ModalDialog>
  );
}
