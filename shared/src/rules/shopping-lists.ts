import { shoppingListMessages } from '../messages';
import type { Grower, Offer, Variety } from '../schemas/catalog';
import {
  MAX_SHOPPING_LIST_ITEMS,
  MAX_SHOPPING_LISTS,
  MAX_ITEM_BUNCHES,
  type AddShoppingListItemArgs,
  type EditShoppingListItemArgs,
  type RunAlternative,
  type ShoppingList,
  type ShoppingListItem,
} from '../schemas/shopping-lists';
import type { RejectionCode } from '../schemas/sync';
import { boxesOffered } from './boxes';

/**
 * The shopping-list rules, run by the server on its table and by the device's overlay on its
 * copy, so a list edited offline shows what the server will store. Each returns the list as it
 * becomes, `unchanged` (a replay or a no-op writes nothing), or a rejection with its reason.
 */
export type ListDecision =
  | { kind: 'changed'; list: ShoppingList }
  | { kind: 'unchanged' }
  | { kind: 'rejected'; code: RejectionCode; message: string };

const rejected = (code: RejectionCode, message: string): ListDecision => ({
  kind: 'rejected',
  code,
  message,
});

/** A new empty list; creating a key that exists again is a replay and changes nothing. */
export function decideCreateList(
  existing: readonly ShoppingList[],
  args: { key: string; name: string },
  nowMs: number,
): ListDecision {
  if (existing.some((list) => list.key === args.key)) return { kind: 'unchanged' };
  if (existing.length >= MAX_SHOPPING_LISTS)
    return rejected('conflict', shoppingListMessages.tooManyLists(MAX_SHOPPING_LISTS));
  return {
    kind: 'changed',
    list: {
      key: args.key,
      name: args.name,
      items: [],
      last_prices_cents: {},
      last_run: null,
      created_at: nowMs,
      updated_at: nowMs,
    },
  };
}

export function decideRenameList(list: ShoppingList, name: string, nowMs: number): ListDecision {
  if (list.name === name) return { kind: 'unchanged' };
  return { kind: 'changed', list: { ...list, name, updated_at: nowMs } };
}

/**
 * Adds an item. The same variety, length, grower and unit already on the list gets the quantity
 * added to it (one line per thing to buy); an item key already on the list is a replay.
 */
export function decideAddItem(
  list: ShoppingList,
  item: AddShoppingListItemArgs['item'],
  nowMs: number,
): ListDecision {
  if (list.items.some((other) => other.key === item.key)) return { kind: 'unchanged' };
  const same = list.items.find(
    (other) =>
      other.variety_key === item.variety_key &&
      other.length === item.length &&
      other.grower_key === item.grower_key &&
      other.unit === item.unit,
  );
  if (same) {
    const quantity = same.quantity + item.quantity;
    if (quantity > MAX_ITEM_BUNCHES)
      return rejected('invalid_quantity', shoppingListMessages.quantityTooLarge(MAX_ITEM_BUNCHES));
    return replaceItem(list, { ...same, quantity }, nowMs);
  }
  if (list.items.length >= MAX_SHOPPING_LIST_ITEMS)
    return rejected('conflict', shoppingListMessages.tooManyItems(MAX_SHOPPING_LIST_ITEMS));
  return {
    kind: 'changed',
    list: { ...list, items: [...list.items, { ...item, added_at: nowMs }], updated_at: nowMs },
  };
}

export function decideEditItem(
  list: ShoppingList,
  args: EditShoppingListItemArgs,
  nowMs: number,
): ListDecision {
  const item = list.items.find((other) => other.key === args.item_key);
  if (!item) return rejected('not_found', shoppingListMessages.itemNotFound);
  const edited: ShoppingListItem = {
    ...item,
    quantity: args.quantity,
    unit: args.unit ?? item.unit,
    length: args.length ?? item.length,
    grower_key: args.grower_key === undefined ? item.grower_key : args.grower_key,
  };
  if (JSON.stringify(edited) === JSON.stringify(item)) return { kind: 'unchanged' };
  return replaceItem(list, edited, nowMs);
}

export function decideRemoveItem(list: ShoppingList, itemKey: string, nowMs: number): ListDecision {
  if (!list.items.some((item) => item.key === itemKey)) return { kind: 'unchanged' };
  return {
    kind: 'changed',
    list: {
      ...list,
      items: list.items.filter((item) => item.key !== itemKey),
      updated_at: nowMs,
    },
  };
}

function replaceItem(list: ShoppingList, item: ShoppingListItem, nowMs: number): ListDecision {
  return {
    kind: 'changed',
    list: {
      ...list,
      items: list.items.map((other) => (other.key === item.key ? item : other)),
      updated_at: nowMs,
    },
  };
}

/** Whole boxes an item asks for from one offer: bunches round up to the box they come in. */
export function boxesForItem(
  item: Pick<ShoppingListItem, 'quantity' | 'unit'>,
  offer: Pick<Offer, 'bunches_in_box'>,
): number {
  return item.unit === 'box' ? item.quantity : Math.ceil(item.quantity / offer.bunches_in_box);
}

/**
 * The offer a list item runs against for a date: the preferred grower's at the item's length
 * when there is one, else the cheapest at that length with stock. Undefined when the variety is
 * not offered at that length that date (from the preferred grower, when one is named).
 */
export function pickOfferForItem(
  item: Pick<ShoppingListItem, 'variety_key' | 'length' | 'grower_key'>,
  offers: readonly Offer[],
): Offer | undefined {
  const matching = offers.filter(
    (offer) =>
      offer.variety_key === item.variety_key &&
      offer.length === item.length &&
      (item.grower_key === null || offer.grower_key === item.grower_key),
  );
  return [...matching].sort(
    (a, b) =>
      Number(boxesOffered(b) > 0) - Number(boxesOffered(a) > 0) ||
      a.stem_price_cents - b.stem_price_cents ||
      a.inventory_key - b.inventory_key,
  )[0];
}

/**
 * The nearest offers with stock to propose instead of `item`: the same variety from another farm
 * (its length first), else varieties of the same product group and colour at the same length;
 * cheapest first, at most `limit`, never the offer already used.
 */
export function nearestAlternatives(params: {
  item: Pick<ShoppingListItem, 'variety_key' | 'length'>;
  variety: Variety | undefined;
  offers: readonly Offer[];
  varieties: ReadonlyMap<string, Variety>;
  growers: ReadonlyMap<string, Grower>;
  exclude?: number | undefined;
  limit?: number;
}): RunAlternative[] {
  const { item, variety, offers, varieties, growers, exclude, limit = 3 } = params;
  const inStock = offers.filter(
    (offer) => offer.inventory_key !== exclude && boxesOffered(offer) > 0,
  );
  const sameVariety = inStock
    .filter((offer) => offer.variety_key === item.variety_key)
    .sort(
      (a, b) =>
        Math.abs(a.length - item.length) - Math.abs(b.length - item.length) ||
        a.stem_price_cents - b.stem_price_cents ||
        a.inventory_key - b.inventory_key,
    );
  const pick =
    sameVariety.length > 0 ? sameVariety : sameGroupColorLength(item, variety, inStock, varieties);
  const reason = sameVariety.length > 0 ? 'same_variety' : 'same_group_color_length';
  return pick.slice(0, limit).flatMap((offer) => {
    const offered = varieties.get(offer.variety_key);
    const grower = growers.get(offer.grower_key);
    if (!offered || !grower) return [];
    return [
      {
        inventory_key: offer.inventory_key,
        variety_key: offer.variety_key,
        variety_name: offered.name,
        grower_key: grower.key,
        grower_name: grower.grower_name,
        length: offer.length,
        stem_price_cents: offer.stem_price_cents,
        boxes_available: boxesOffered(offer),
        reason,
      },
    ];
  });
}

function sameGroupColorLength(
  item: Pick<ShoppingListItem, 'variety_key' | 'length'>,
  variety: Variety | undefined,
  offers: readonly Offer[],
  varieties: ReadonlyMap<string, Variety>,
): Offer[] {
  if (!variety) return [];
  return offers
    .filter((offer) => {
      const other = varieties.get(offer.variety_key);
      return (
        other !== undefined &&
        offer.variety_key !== item.variety_key &&
        offer.length === item.length &&
        other.product_group_key === variety.product_group_key &&
        other.color_key === variety.color_key
      );
    })
    .sort((a, b) => a.stem_price_cents - b.stem_price_cents || a.inventory_key - b.inventory_key);
}
