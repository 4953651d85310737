import type { Context } from 'koa';
import {
  cancelBoxOrderParamsSchema,
  checkoutMessages,
  listOrdersByDateParamsSchema,
  listOrdersParamsSchema,
  orderInDollars,
  orderRefParamsSchema,
  orderSummaryInDollars,
  summarizeOrder,
  type InDollars,
  type Order,
  type OrderSummary,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { callerCustomer } from '../auth/caller-customer';
import { httpStatusOf } from '../http/http-status';
import type { Outcome } from '../kernel/outcome';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import { createCancelOrders } from './cancel-orders';

/**
 * Purchase-order operations of `POST /api/cs/run`: the lists and the detail read the caller's
 * orders only; the cancellations return stock in their own transaction and poke the devices.
 * Spec calls: every answer gives its amounts in dollars, as it always did (`orderInDollars`).
 */
export function orderOperations(app: AppContext): RunOperations {
  const { orders } = app.repos;
  const cancels = createCancelOrders(app);
  const cancelOrder = app.transactional(cancels.cancelOrder);
  const cancelBoxOrder = app.transactional(cancels.cancelBoxOrder);

  function answer(ctx: Context, customerKey: string, outcome: Outcome<Order>) {
    if (outcome.status === 'rejected') {
      ctx.status = httpStatusOf(outcome.code);
      return { success: false, error: outcome.message, code: outcome.code };
    }
    app.changes.poke(customerKey, outcome.touched);
    return { success: true, result: orderInDollars(outcome.value), message: outcome.message };
  }

  return {
    async po_list_orders(ctx, params) {
      const query = listOrdersParamsSchema.parse(params);
      const customerKey = callerCustomer(ctx, query.customer);
      const { orders: found, total } = await orders.page(
        customerKey,
        query.status ?? null,
        query.limit,
        (query.page - 1) * query.limit,
      );
      return {
        success: true,
        results: found.map((order) => orderSummaryInDollars(summarizeOrder(order))),
        total,
        page: query.page,
        limit: query.limit,
      };
    },
    async po_list_orders_by_purchase_date(ctx, params) {
      const query = listOrdersByDateParamsSchema.parse(params);
      const customerKey = callerCustomer(ctx, query.customer);
      const groups = new Map<number, InDollars<OrderSummary>[]>();
      for (const order of await orders.byPurchaseDate(customerKey, query.from, query.to)) {
        const group = groups.get(order.purchase_date) ?? [];
        group.push(orderSummaryInDollars(summarizeOrder(order)));
        groups.set(order.purchase_date, group);
      }
      return {
        success: true,
        results: [...groups].map(([purchase_date, list]) => ({ purchase_date, orders: list })),
      };
    },
    async get_po_order_detail(ctx, params) {
      const query = orderRefParamsSchema.parse(params);
      const order = await orders.get(callerCustomer(ctx, query.customer), query.order_key);
      if (!order) throw new DomainError('not_found', checkoutMessages.orderNotFound);
      return { success: true, result: orderInDollars(order) };
    },
    async cancel_order(ctx, params) {
      const query = orderRefParamsSchema.parse(params);
      const customerKey = callerCustomer(ctx, query.customer);
      return answer(ctx, customerKey, await cancelOrder(customerKey, query.order_key));
    },
    async cancel_box_order(ctx, params) {
      const query = cancelBoxOrderParamsSchema.parse(params);
      const customerKey = callerCustomer(ctx, query.customer);
      return answer(
        ctx,
        customerKey,
        await cancelBoxOrder(customerKey, query.order_key, query.line_no),
      );
    },
  };
}
