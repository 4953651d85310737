import {
  shoppingListMessages,
  type RunItemOutcome,
  type RunShoppingListArgs,
  type ShoppingListRun,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createDeliverableDates } from '../cart/deliverable-date';
import { applied, rejected, type Outcome } from '../kernel/outcome';
import { createItemToCart } from './item-to-cart';
import { createShoppingLists } from './shopping-lists';

/**
 * Runs a list for a delivery date and address: each item goes through the cart's own add rule
 * (item-to-cart.ts), and the answer says, item by item, what was added and why anything was not
 * added in full, with the nearest offers to take instead. The run is kept on the list
 * (`last_run`), so a device that queued it offline reads the answer after its next pull. Call
 * inside a transaction.
 */
export function createRunList(app: AppContext) {
  const shoppingLists = createShoppingLists(app);
  const itemToCart = createItemToCart(app);
  const deliverable = createDeliverableDates(app);

  return async function runList(
    customerKey: string,
    args: RunShoppingListArgs,
  ): Promise<Outcome<ShoppingListRun>> {
    const list = await shoppingLists.get(customerKey, args.list_key);
    if (!list) return rejected('not_found', shoppingListMessages.listNotFound);
    if (!(await deliverable.isDeliverable(args.eta_date)))
      return rejected('invalid_args', shoppingListMessages.dateNotDeliverable);
    if (list.items.length === 0) return rejected('cart_empty', shoppingListMessages.emptyList);

    const day = await itemToCart.dateCatalog(args.eta_date);
    const lastPrices: Record<string, number> = { ...list.last_prices_cents };
    const outcomes: RunItemOutcome[] = [];
    for (const item of list.items) {
      const outcome = await itemToCart.put(customerKey, item, day, {
        address: args.address ?? null,
        lastPriceCents: lastPrices[item.key],
        alternatives: true,
      });
      if (outcome.stem_price_cents !== null) lastPrices[item.key] = outcome.stem_price_cents;
      outcomes.push(outcome);
    }
    const run: ShoppingListRun = {
      eta_date: args.eta_date,
      address: args.address ?? null,
      ran_at: app.now(),
      outcomes,
    };
    await shoppingLists.saveRun(customerKey, {
      ...list,
      last_run: run,
      last_prices_cents: lastPrices,
    });
    const short = outcomes.filter((o) => o.status !== 'added').length;
    const message =
      short === 0
        ? shoppingListMessages.runAllAdded(outcomes.length)
        : shoppingListMessages.runShort(short, outcomes.length);
    const cartTouched = outcomes.some((o) => o.added_boxes > 0);
    return applied(
      run,
      cartTouched ? ['shopping_lists', 'cart_lines'] : ['shopping_lists'],
      message,
    );
  };
}
