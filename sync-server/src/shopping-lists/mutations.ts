import type { AppContext } from '../app-context';
import { handlerOutcome, type FeatureMutations } from '../kernel/mutation-handler';
import { createRunList } from './run-list';
import { createShoppingLists } from './shopping-lists';

type ShoppingListMutationName =
  | 'create_shopping_list'
  | 'rename_shopping_list'
  | 'delete_shopping_list'
  | 'shopping_list_add_item'
  | 'shopping_list_edit_item'
  | 'shopping_list_remove_item'
  | 'run_shopping_list';

/** The queued shopping-list mutations; lists come back through pull of `shopping_lists`. */
export function createShoppingListMutations(
  app: AppContext,
): FeatureMutations<ShoppingListMutationName> {
  const lists = createShoppingLists(app);
  const runList = createRunList(app);
  return {
    create_shopping_list: async (customerKey, args) =>
      handlerOutcome(await lists.create(customerKey, args)),
    rename_shopping_list: async (customerKey, args) =>
      handlerOutcome(await lists.rename(customerKey, args)),
    delete_shopping_list: async (customerKey, args) =>
      handlerOutcome(await lists.remove(customerKey, args.key)),
    shopping_list_add_item: async (customerKey, args) =>
      handlerOutcome(await lists.addItem(customerKey, args)),
    shopping_list_edit_item: async (customerKey, args) =>
      handlerOutcome(await lists.editItem(customerKey, args)),
    shopping_list_remove_item: async (customerKey, args) =>
      handlerOutcome(await lists.removeItem(customerKey, args.list_key, args.item_key)),
    run_shopping_list: async (customerKey, args) =>
      handlerOutcome(await runList(customerKey, args)),
  };
}
