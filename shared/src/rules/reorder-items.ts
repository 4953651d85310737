import { MAX_BOXES_PER_PRICE_ROW } from '../constants';
import type { Order, OrderLine } from '../schemas/orders';
import type { ReorderItem } from '../schemas/reorder';

/**
 * A past order's placed lines (cancelled ones are left out), each with the spec's re-order item
 * it becomes (§3): the same variety, grower and length, boxes only, at most a price row's cap,
 * substitutes as the buyer allows. The one rule behind the app's "Order again" and the server's
 * `load_last_order` items.
 */
export function reorderLines(
  order: Order,
  substitute: boolean,
): { line: OrderLine; item: ReorderItem }[] {
  return order.lines
    .filter((line) => line.status === 'placed')
    .map((line) => ({
      line,
      item: {
        length: line.length,
        quantity: Math.min(line.boxes, MAX_BOXES_PER_PRICE_ROW),
        variety: line.variety_key,
        grower: line.grower_key,
        box_only: true,
        repurchase_cartbox_item: null,
        substitute,
      },
    }));
}

/** The re-order items alone of `reorderLines`: what a re-order of `order` sends. */
export function reorderItemsOf(order: Order, substitute: boolean): ReorderItem[] {
  return reorderLines(order, substitute).map(({ item }) => item);
}
