import {
  addShoppingListItemArgsSchema,
  createShoppingListArgsSchema,
  deleteShoppingListArgsSchema,
  editShoppingListItemArgsSchema,
  removeShoppingListItemArgsSchema,
  renameShoppingListArgsSchema,
  runShoppingListArgsSchema,
} from '../schemas/shopping-lists';
import { defineMutation } from './define-mutation';

/**
 * Shopping lists (sync-server/src/shopping-lists/mutations.ts): made, edited and run offline.
 * Running a list writes cart lines and keeps what happened to each item on the list document.
 */
export const shoppingListMutations = {
  create_shopping_list: defineMutation({
    args: createShoppingListArgsSchema,
    collections: ['shopping_lists'],
  }),
  rename_shopping_list: defineMutation({
    args: renameShoppingListArgsSchema,
    collections: ['shopping_lists'],
  }),
  delete_shopping_list: defineMutation({
    args: deleteShoppingListArgsSchema,
    collections: ['shopping_lists'],
  }),
  shopping_list_add_item: defineMutation({
    args: addShoppingListItemArgsSchema,
    collections: ['shopping_lists'],
  }),
  shopping_list_edit_item: defineMutation({
    args: editShoppingListItemArgsSchema,
    collections: ['shopping_lists'],
  }),
  shopping_list_remove_item: defineMutation({
    args: removeShoppingListItemArgsSchema,
    collections: ['shopping_lists'],
  }),
  run_shopping_list: defineMutation({
    args: runShoppingListArgsSchema,
    collections: ['shopping_lists', 'cart_lines'],
  }),
};

/** The names of the list mutations, for screens that answer them themselves. */
export const SHOPPING_LIST_MUTATION_NAMES: ReadonlySet<string> = new Set(
  Object.keys(shoppingListMutations),
);
