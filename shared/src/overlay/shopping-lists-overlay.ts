import {
  decideAddItem,
  decideCreateList,
  decideEditItem,
  decideRemoveItem,
  decideRenameList,
  type ListDecision,
} from '../rules/shopping-lists';
import type { ShoppingList } from '../schemas/shopping-lists';
import type { MutationArgs } from '../mutations/mutation-definitions';
import type { OverlayEntry } from './queued-mutation';

/** A list as the buyer sees it; `pending` while a queued change to it is not confirmed. */
export type VisibleShoppingList = ShoppingList & { pending: boolean };

/** The lists by key while the overlay applies queued mutations to them. */
export type ShoppingListsOverlay = Map<string, VisibleShoppingList>;

export function shoppingListsOverlay(pulled: readonly ShoppingList[]): ShoppingListsOverlay {
  return new Map(pulled.map((list) => [list.key, { ...list, pending: false }]));
}

function settle(
  lists: ShoppingListsOverlay,
  decision: ListDecision,
  entry: OverlayEntry,
  key: string,
): void {
  if (decision.kind !== 'changed') return;
  lists.set(key, { ...decision.list, pending: entry.status === 'pending' });
}

/** Each applier runs the rule the server runs, with the time the buyer queued it. */
export function applyCreateList(
  lists: ShoppingListsOverlay,
  args: MutationArgs<'create_shopping_list'>,
  entry: OverlayEntry,
): void {
  settle(lists, decideCreateList([...lists.values()], args, entry.createdAt), entry, args.key);
}

export function applyRenameList(
  lists: ShoppingListsOverlay,
  args: MutationArgs<'rename_shopping_list'>,
  entry: OverlayEntry,
): void {
  const list = lists.get(args.key);
  if (list) settle(lists, decideRenameList(list, args.name, entry.createdAt), entry, args.key);
}

export function applyDeleteList(
  lists: ShoppingListsOverlay,
  args: MutationArgs<'delete_shopping_list'>,
): void {
  lists.delete(args.key);
}

export function applyAddListItem(
  lists: ShoppingListsOverlay,
  args: MutationArgs<'shopping_list_add_item'>,
  entry: OverlayEntry,
): void {
  const list = lists.get(args.list_key);
  if (list) settle(lists, decideAddItem(list, args.item, entry.createdAt), entry, list.key);
}

export function applyEditListItem(
  lists: ShoppingListsOverlay,
  args: MutationArgs<'shopping_list_edit_item'>,
  entry: OverlayEntry,
): void {
  const list = lists.get(args.list_key);
  if (list) settle(lists, decideEditItem(list, args, entry.createdAt), entry, list.key);
}

export function applyRemoveListItem(
  lists: ShoppingListsOverlay,
  args: MutationArgs<'shopping_list_remove_item'>,
  entry: OverlayEntry,
): void {
  const list = lists.get(args.list_key);
  if (list) settle(lists, decideRemoveItem(list, args.item_key, entry.createdAt), entry, list.key);
}
