import { describe, expect, it } from 'vitest';
import type { ShoppingList } from '../schemas/shopping-lists';
import type { OverlayEntry } from './queued-mutation';
import { overlayShoppingLists } from './visible-collections';

const pulled: ShoppingList = {
  key: 'list-0001',
  name: 'Weekly cooler',
  items: [],
  last_prices_cents: {},
  last_run: null,
  created_at: 1,
  updated_at: 1,
};
const entry = (
  name: string,
  args: Record<string, unknown>,
  fields: Partial<OverlayEntry> = {},
): OverlayEntry => ({
  name,
  args,
  createdAt: 10,
  status: 'pending',
  ...fields,
});
const item = {
  key: 'item-0001',
  variety_key: 'freedom',
  variety_name: 'Freedom',
  length: 60,
  quantity: 2,
  unit: 'box',
  grower_key: null,
};

describe('overlayShoppingLists', () => {
  it('shows a list made offline with its items, pending, by the rule the server runs', () => {
    const visible = overlayShoppingLists(
      [],
      [
        entry('create_shopping_list', { key: 'list-0002', name: 'Smith wedding' }),
        entry('shopping_list_add_item', { list_key: 'list-0002', item }),
        entry('shopping_list_add_item', {
          list_key: 'list-0002',
          item: { ...item, key: 'item-0002' },
        }),
      ],
      0,
    );
    expect(visible).toHaveLength(1);
    expect(visible[0]).toMatchObject({ name: 'Smith wedding', pending: true });
    expect(visible[0]?.items.map((i) => i.quantity)).toEqual([4]);
  });

  it('drops a rejected change and one the pulled checkpoint already holds', () => {
    const outbox = [
      entry('shopping_list_add_item', { list_key: 'list-0001', item }, { status: 'rejected' }),
      entry(
        'rename_shopping_list',
        { key: 'list-0001', name: 'Old news' },
        { status: 'applied', appliedSeq: 5 },
      ),
    ];
    expect(overlayShoppingLists([pulled], outbox, 5)[0]).toMatchObject({
      name: 'Weekly cooler',
      items: [],
      pending: false,
    });
    expect(overlayShoppingLists([pulled], outbox, 4)[0]).toMatchObject({ name: 'Old news' });
  });

  it('hides a list whose delete is queued', () => {
    expect(
      overlayShoppingLists([pulled], [entry('delete_shopping_list', { key: 'list-0001' })], 0),
    ).toEqual([]);
  });
});
