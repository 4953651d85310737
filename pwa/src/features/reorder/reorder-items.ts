import {
  MAX_BOXES_PER_PRICE_ROW,
  type Order,
  type OrderLine,
  type ReorderItem,
} from '@stemline/shared';

/** A past order's placed lines, each with the spec's re-order item it becomes (§3). */
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
