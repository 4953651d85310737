import Router from '@koa/router';
import type { Context } from 'koa';
import {
  cartItemsByListItemRequestSchema,
  cartLineInDollars,
  inDollars,
  RUN_OUTCOME_MONEY,
  SHOPPING_LIST_MONEY,
  type MoneyShape,
  shoppingListAddItemRequestSchema,
  shoppingListCreateRequestSchema,
  shoppingListDeleteRequestSchema,
  shoppingListEditItemRequestSchema,
  shoppingListListRequestSchema,
  shoppingListMessages,
  shoppingListRemoveItemRequestSchema,
  shoppingListRunRequestSchema,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { callerCustomer } from '../auth/caller-customer';
import { httpStatusOf } from '../http/http-status';
import type { Outcome } from '../kernel/outcome';
import { createRunList } from './run-list';
import { createShoppingLists } from './shopping-lists';

/**
 * `/api/shopping_list/*` and `POST /api/cart_box_item/list_by_shopping_list_item` (spec §7):
 * the same rules as the queued mutations, each in one transaction, answering
 * `{success, result}` or `{success: false, error, code}` with a 4xx. The customer is always the
 * token's; a body naming another is refused. Spec calls: prices in dollars, as they always were.
 */
export function shoppingListRoutes(app: AppContext): Router {
  const router = new Router();
  const lists = createShoppingLists(app);
  const runList = app.transactional(createRunList(app));
  const { cart } = app.repos;
  const tx = <A extends unknown[], T>(rule: (...args: A) => Outcome<T> | Promise<Outcome<T>>) =>
    app.transactional(rule);
  const create = tx(lists.create);
  const rename = tx(lists.rename);
  const remove = tx(lists.remove);
  const addItem = tx(lists.addItem);
  const editItem = tx(lists.editItem);
  const removeItem = tx(lists.removeItem);

  function answer<T>(
    ctx: Context,
    customerKey: string,
    outcome: Outcome<T>,
    money: MoneyShape = SHOPPING_LIST_MONEY,
  ): void {
    if (outcome.status === 'rejected') {
      ctx.status = httpStatusOf(outcome.code);
      ctx.body = { success: false, error: outcome.message, code: outcome.code };
      return;
    }
    if (outcome.touched.length > 0) app.changes.poke(customerKey, outcome.touched);
    ctx.body = {
      success: true,
      result: inDollars(outcome.value, money),
      message: outcome.message,
    };
  }

  router.post('/api/shopping_list/list', async (ctx) => {
    const body = shoppingListListRequestSchema.parse(ctx.request.body ?? {});
    ctx.body = {
      success: true,
      results: inDollars(await lists.list(callerCustomer(ctx, body.customer)), SHOPPING_LIST_MONEY),
    };
  });
  router.post('/api/shopping_list/create', async (ctx) => {
    const { customer, ...args } = shoppingListCreateRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, customer);
    answer(ctx, customerKey, await create(customerKey, args));
  });
  router.post('/api/shopping_list/rename', async (ctx) => {
    const { customer, ...args } = shoppingListCreateRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, customer);
    answer(ctx, customerKey, await rename(customerKey, args));
  });
  router.post('/api/shopping_list/delete', async (ctx) => {
    const { customer, key } = shoppingListDeleteRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, customer);
    answer(ctx, customerKey, await remove(customerKey, key));
  });
  router.post('/api/shopping_list/add_item', async (ctx) => {
    const { customer, ...args } = shoppingListAddItemRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, customer);
    answer(ctx, customerKey, await addItem(customerKey, args));
  });
  router.post('/api/shopping_list/edit_item', async (ctx) => {
    const { customer, ...args } = shoppingListEditItemRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, customer);
    answer(ctx, customerKey, await editItem(customerKey, args));
  });
  router.post('/api/shopping_list/remove_item', async (ctx) => {
    const { customer, list_key, item_key } = shoppingListRemoveItemRequestSchema.parse(
      ctx.request.body,
    );
    const customerKey = callerCustomer(ctx, customer);
    answer(ctx, customerKey, await removeItem(customerKey, list_key, item_key));
  });
  router.post('/api/shopping_list/run', async (ctx) => {
    const { customer, ...args } = shoppingListRunRequestSchema.parse(ctx.request.body);
    const customerKey = callerCustomer(ctx, customer);
    answer(ctx, customerKey, await runList(customerKey, args), { outcomes: RUN_OUTCOME_MONEY });
  });
  router.post('/api/cart_box_item/list_by_shopping_list_item', async (ctx) => {
    const { customer, list_key, item_keys } = cartItemsByListItemRequestSchema.parse(
      ctx.request.body,
    );
    const customerKey = callerCustomer(ctx, customer);
    const list = await lists.get(customerKey, list_key);
    if (!list) {
      ctx.status = 404;
      ctx.body = { success: false, error: shoppingListMessages.listNotFound, code: 'not_found' };
      return;
    }
    const wanted = item_keys ? new Set(item_keys) : undefined;
    const results = [];
    for (const row of lists.cartLineKeysOf(list)) {
      if (wanted && !wanted.has(row.item_key)) continue;
      const line =
        row.cart_line_key === null ? undefined : await cart.line(customerKey, row.cart_line_key);
      results.push({ item_key: row.item_key, cart_line: line ? cartLineInDollars(line) : null });
    }
    ctx.body = { success: true, results };
  });
  return router;
}
