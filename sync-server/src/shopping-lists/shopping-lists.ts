import {
  decideAddItem,
  decideCreateList,
  decideEditItem,
  decideRemoveItem,
  decideRenameList,
  shoppingListMessages,
  type AddShoppingListItemArgs,
  type EditShoppingListItemArgs,
  type ListDecision,
  type ShoppingList,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { applied, rejected, type Outcome } from '../kernel/outcome';

/**
 * The shopping-list rules behind `/api/shopping_list/*` and the queued list mutations: the
 * shared decision on the stored list, then one write with the next `seq`. A customer reaches
 * only their own lists (every read is by the token's customer and the list key), and a call
 * that changes nothing writes nothing. Call inside a transaction.
 */
export function createShoppingLists(app: AppContext) {
  const { shoppingLists: lists, catalog } = app.repos;

  async function settle(
    customerKey: string,
    decision: ListDecision,
    key: string,
  ): Promise<Outcome<ShoppingList>> {
    if (decision.kind === 'rejected') return rejected(decision.code, decision.message);
    if (decision.kind === 'unchanged') {
      const list = await lists.get(customerKey, key);
      return list ? applied(list, []) : rejected('not_found', shoppingListMessages.listNotFound);
    }
    await lists.save(customerKey, decision.list, await app.changes.next());
    return applied(decision.list, ['shopping_lists']);
  }

  async function withList(
    customerKey: string,
    key: string,
    decide: (list: ShoppingList) => ListDecision,
  ): Promise<Outcome<ShoppingList>> {
    const list = await lists.get(customerKey, key);
    if (!list) return rejected('not_found', shoppingListMessages.listNotFound);
    return settle(customerKey, decide(list), key);
  }

  return {
    list: (customerKey: string) => lists.list(customerKey),
    get: (customerKey: string, key: string) => lists.get(customerKey, key),

    create: async (
      customerKey: string,
      args: { key: string; name: string },
    ): Promise<Outcome<ShoppingList>> => {
      // A key this customer once used and deleted is not brought back by a late replay.
      if (!(await lists.get(customerKey, args.key)) && (await lists.used(customerKey, args.key)))
        return rejected('not_found', shoppingListMessages.listNotFound);
      const decision = decideCreateList(await lists.list(customerKey), args, app.now());
      return settle(customerKey, decision, args.key);
    },

    rename: (customerKey: string, args: { key: string; name: string }) =>
      withList(customerKey, args.key, (list) => decideRenameList(list, args.name, app.now())),

    remove: async (customerKey: string, key: string): Promise<Outcome<ShoppingList | null>> => {
      const list = await lists.get(customerKey, key);
      if (!list) return applied(null, []);
      await lists.remove(customerKey, key, await app.changes.next());
      return applied(list, ['shopping_lists']);
    },

    /** The variety (and grower, when named) must be in the catalogue; its name is the server's. */
    addItem: async (
      customerKey: string,
      args: AddShoppingListItemArgs,
    ): Promise<Outcome<ShoppingList>> => {
      const variety = await catalog.variety(args.item.variety_key);
      if (!variety) return rejected('not_found', shoppingListMessages.productGone('That variety'));
      if (args.item.grower_key !== null && !(await catalog.grower(args.item.grower_key)))
        return rejected('not_found', shoppingListMessages.itemNotFound);
      const item = { ...args.item, variety_name: variety.name };
      return withList(customerKey, args.list_key, (list) => decideAddItem(list, item, app.now()));
    },

    editItem: async (
      customerKey: string,
      args: EditShoppingListItemArgs,
    ): Promise<Outcome<ShoppingList>> => {
      if (args.grower_key && !(await catalog.grower(args.grower_key)))
        return rejected('not_found', shoppingListMessages.itemNotFound);
      return withList(customerKey, args.list_key, (list) => decideEditItem(list, args, app.now()));
    },

    removeItem: (customerKey: string, listKey: string, itemKey: string) =>
      withList(customerKey, listKey, (list) => decideRemoveItem(list, itemKey, app.now())),

    /** Saves a list as a run left it (its last run and the prices it saw). */
    saveRun: async (customerKey: string, list: ShoppingList): Promise<void> => {
      await lists.save(customerKey, list, await app.changes.next());
    },

    /** The cart line keys a list's last run made, per item (POST list_by_shopping_list_item). */
    cartLineKeysOf: (list: ShoppingList): { item_key: string; cart_line_key: string | null }[] => {
      const run = list.last_run;
      if (!run) return list.items.map((item) => ({ item_key: item.key, cart_line_key: null }));
      return run.outcomes.map((outcome) => ({
        item_key: outcome.item_key,
        cart_line_key: outcome.cart_line_key,
      }));
    },
  };
}
export type ShoppingLists = ReturnType<typeof createShoppingLists>;
