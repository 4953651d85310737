import { describe, expect, it } from 'vitest';
import { shoppingListMessages } from '../messages';
import type { Grower, Offer, Variety } from '../schemas/catalog';
import {
  createShoppingListArgsSchema,
  editShoppingListItemArgsSchema,
  MAX_SHOPPING_LIST_ITEMS,
  MAX_SHOPPING_LISTS,
  type ShoppingList,
  type ShoppingListItem,
} from '../schemas/shopping-lists';
import {
  boxesForItem,
  decideAddItem,
  decideCreateList,
  decideEditItem,
  decideRemoveItem,
  nearestAlternatives,
  pickOfferForItem,
} from './shopping-lists';

const NOW = 1_800_000_000_000;
const variety = (key: string, group: string, color: string): Variety => ({
  key,
  name: key.toUpperCase(),
  product_group_key: group,
  product_group_name: group,
  category_key: 'cat',
  category_name: 'cat',
  color_key: color,
  color_name: color,
  color_code: '#000',
  tags: [],
  search_name: key,
  rank: 1,
});
const grower = (key: string): Grower => ({
  key,
  grower_name: `Farm ${key}`,
  country_iso: 'EC',
  country_name: 'Ecuador',
  importer: false,
});
let nextKey = 1;
const offer = (fields: Partial<Offer>): Offer => ({
  inventory_key: (nextKey += 1),
  variety_key: 'freedom',
  grower_key: 'g1',
  eta_from: 20261130,
  eta_to: 20261204,
  length: 60,
  stems_per_bunch: 25,
  bunches_in_box: 4,
  uom: 'stem',
  packing_date: 20261127,
  open_market: false,
  available: 1000,
  grower_price_mills: 1000,
  import_duties_tax: 0,
  freight_cost_mills: 0,
  box_charge_mills: 0,
  margin_discount: 0,
  stem_price_cents: 150,
  ...fields,
});
const item = (fields: Partial<ShoppingListItem> = {}): ShoppingListItem => ({
  key: 'item-0001',
  variety_key: 'freedom',
  variety_name: 'Freedom',
  length: 60,
  quantity: 2,
  unit: 'box',
  grower_key: null,
  added_at: NOW,
  ...fields,
});
const list = (items: ShoppingListItem[] = []): ShoppingList => ({
  key: 'list-0001',
  name: 'Weekly cooler',
  items,
  last_prices_cents: {},
  last_run: null,
  created_at: NOW,
  updated_at: NOW,
});

describe('list names and keys', () => {
  it.each([
    ['Weekly cooler', true],
    ['  Smith wedding  ', true],
    ['Mother’s Day — 2027 (reds)', true],
    ['', false],
    ['   ', false],
    ['x'.repeat(61), false],
    ['<script>alert(1)</script>', false],
    ['bell\u0007', false],
    ['rtl\u202Eevil', false],
  ])('%j is accepted: %s', (name, ok) => {
    expect(createShoppingListArgsSchema.safeParse({ key: 'list-0001', name }).success).toBe(ok);
  });
  it.each([
    [0, false],
    [-1, false],
    [1.5, false],
    [1, true],
    [600, true],
    [601, false],
  ])('quantity %d is accepted: %s', (quantity, ok) => {
    const args = { list_key: 'list-0001', item_key: 'item-0001', quantity };
    expect(editShoppingListItemArgsSchema.safeParse(args).success).toBe(ok);
  });
});

describe('list decisions', () => {
  it('creates once per key; the 51st list is refused', () => {
    expect(decideCreateList([], { key: 'list-0001', name: 'A' }, NOW)).toMatchObject({
      kind: 'changed',
      list: { key: 'list-0001', items: [], last_run: null },
    });
    expect(decideCreateList([list()], { key: 'list-0001', name: 'A' }, NOW)).toEqual({
      kind: 'unchanged',
    });
    const full = Array.from({ length: MAX_SHOPPING_LISTS }, (_, i) => ({
      ...list(),
      key: `list-${1000 + i}`,
    }));
    expect(decideCreateList(full, { key: 'list-new1', name: 'A' }, NOW)).toEqual({
      kind: 'rejected',
      code: 'conflict',
      message: shoppingListMessages.tooManyLists(MAX_SHOPPING_LISTS),
    });
  });

  const cases: {
    name: string;
    start: ShoppingListItem[];
    add: Omit<ShoppingListItem, 'added_at'>;
    expected: { kind: string; quantities?: number[] };
  }[] = [
    {
      name: 'appends a new item',
      start: [],
      add: item(),
      expected: { kind: 'changed', quantities: [2] },
    },
    {
      name: 'sums the same variety, length, grower and unit',
      start: [item()],
      add: item({ key: 'item-0002', quantity: 3 }),
      expected: { kind: 'changed', quantities: [5] },
    },
    {
      name: 'keeps another length apart',
      start: [item()],
      add: item({ key: 'item-0002', length: 70 }),
      expected: { kind: 'changed', quantities: [2, 2] },
    },
    {
      name: 'keeps bunches apart from boxes',
      start: [item()],
      add: item({ key: 'item-0002', unit: 'bunch' }),
      expected: { kind: 'changed', quantities: [2, 2] },
    },
    {
      name: 'a replayed item key changes nothing',
      start: [item()],
      add: item(),
      expected: { kind: 'unchanged' },
    },
    {
      name: 'refuses a sum over the quantity cap',
      start: [item({ quantity: 599 })],
      add: item({ key: 'item-0002', quantity: 2 }),
      expected: { kind: 'rejected' },
    },
    {
      name: 'refuses the item after the last that fits',
      start: Array.from({ length: MAX_SHOPPING_LIST_ITEMS }, (_, i) =>
        item({ key: `item-${1000 + i}`, length: i }),
      ),
      add: item({ key: 'item-0002', length: 250 }),
      expected: { kind: 'rejected' },
    },
  ];
  it.each(cases)('add: $name', ({ start, add, expected }) => {
    const decision = decideAddItem(list(start), add, NOW);
    expect(decision.kind).toBe(expected.kind);
    if (decision.kind === 'changed' && expected.quantities)
      expect(decision.list.items.map((i) => i.quantity)).toEqual(expected.quantities);
  });

  it('edits and removes by item key; an unknown item to edit is not found', () => {
    const edited = decideEditItem(
      list([item()]),
      { list_key: 'list-0001', item_key: 'item-0001', quantity: 9, grower_key: 'g2' },
      NOW,
    );
    expect(edited).toMatchObject({
      kind: 'changed',
      list: { items: [{ quantity: 9, grower_key: 'g2' }] },
    });
    expect(
      decideEditItem(
        list([item()]),
        { list_key: 'list-0001', item_key: 'nope-0001', quantity: 1 },
        NOW,
      ),
    ).toMatchObject({ kind: 'rejected', code: 'not_found' });
    expect(decideRemoveItem(list([item()]), 'item-0001', NOW)).toMatchObject({
      kind: 'changed',
      list: { items: [] },
    });
    expect(decideRemoveItem(list([item()]), 'nope-0001', NOW)).toEqual({ kind: 'unchanged' });
  });
});

describe('running an item', () => {
  it.each([
    [{ quantity: 3, unit: 'box' as const }, 3],
    [{ quantity: 4, unit: 'bunch' as const }, 1],
    [{ quantity: 5, unit: 'bunch' as const }, 2],
  ])('%j asks for %d boxes of 4 bunches', (asked, boxes) => {
    expect(boxesForItem(asked, { bunches_in_box: 4 })).toBe(boxes);
  });

  it('picks the preferred grower, else the cheapest with stock at the length', () => {
    const cheapEmpty = offer({ grower_key: 'g1', stem_price_cents: 100, available: 0 });
    const dear = offer({ grower_key: 'g2', stem_price_cents: 200 });
    const cheap = offer({ grower_key: 'g3', stem_price_cents: 150 });
    const other = offer({ grower_key: 'g4', length: 70, stem_price_cents: 50 });
    const offers = [cheapEmpty, dear, cheap, other];
    expect(pickOfferForItem(item(), offers)).toBe(cheap);
    expect(pickOfferForItem(item({ grower_key: 'g2' }), offers)).toBe(dear);
    expect(pickOfferForItem(item({ grower_key: 'g9' }), offers)).toBeUndefined();
    expect(pickOfferForItem(item({ length: 40 }), offers)).toBeUndefined();
  });

  it('proposes the same variety from another farm first, else same group, colour and length', () => {
    const varieties = new Map(
      [
        variety('freedom', 'rose', 'red'),
        variety('explorer', 'rose', 'red'),
        variety('vendela', 'rose', 'white'),
        variety('carnation', 'carnation', 'red'),
      ].map((v) => [v.key, v]),
    );
    const growers = new Map(['g1', 'g2', 'g3'].map((g) => [g, grower(g)]));
    const used = offer({ grower_key: 'g1' });
    const sameVariety = offer({ grower_key: 'g2', length: 70 });
    const explorer = offer({ variety_key: 'explorer', grower_key: 'g3' });
    const explorerShort = offer({ variety_key: 'explorer', grower_key: 'g3', length: 50 });
    const white = offer({ variety_key: 'vendela' });
    const carnation = offer({ variety_key: 'carnation' });
    const params = { item: item(), variety: varieties.get('freedom'), varieties, growers };
    const first = nearestAlternatives({
      ...params,
      offers: [used, sameVariety, explorer, white, carnation],
      exclude: used.inventory_key,
    });
    expect(first.map((a) => [a.inventory_key, a.reason])).toEqual([
      [sameVariety.inventory_key, 'same_variety'],
    ]);
    const second = nearestAlternatives({
      ...params,
      offers: [used, explorer, explorerShort, white, carnation],
      exclude: used.inventory_key,
    });
    expect(second.map((a) => [a.variety_key, a.length, a.reason])).toEqual([
      ['explorer', 60, 'same_group_color_length'],
    ]);
    expect(nearestAlternatives({ ...params, variety: undefined, offers: [white] })).toEqual([]);
  });
});
