import {
  boxCopies,
  canCancelLine,
  cancelOrderLines,
  checkoutMessages,
  unitsForBoxes,
  unitsPerBunch,
  type Order,
} from '@stemline/shared';
import { createAccountCredit } from '../account-ledger/account-credit';
import type { AppContext } from '../app-context';
import { applied, rejected, type Outcome } from '../kernel/outcome';

/**
 * `cancel_order` (every row and ordered custom box still placed) and `cancel_box_order` (one
 * row). The rows' units (a custom box's bunches in each of its `number_boxes`) go
 * back to their price rows in the same transaction as the cancellation; a row arriving today or
 * tomorrow cannot be cancelled (`canCancelLine`). `cancel_order` is all or nothing: when any
 * placed row is too late, nothing is cancelled. Call inside a transaction.
 */
export function createCancelOrders(app: AppContext) {
  const { orders, catalog } = app.repos;
  const credit = createAccountCredit(app.engine);

  async function cancelLines(
    customerKey: string,
    order: Order,
    lineNos: Set<number>,
    boxKeys: Set<string> = new Set(),
  ): Promise<Outcome<Order>> {
    const nowMs = app.now();
    for (const box of order.custom_boxes) {
      if (!boxKeys.has(box.box_key)) continue;
      const seq = await app.changes.next();
      for (const item of box.items)
        await catalog.returnStock(
          item.inventory_key,
          item.bunches * unitsPerBunch(item) * boxCopies(box),
          seq,
        );
    }
    for (const line of order.lines) {
      if (!lineNos.has(line.line_no)) continue;
      await catalog.returnStock(
        line.inventory_key,
        unitsForBoxes(line, line.boxes),
        await app.changes.next(),
      );
    }
    const updated = cancelOrderLines(order, lineNos, nowMs, boxKeys);
    const seq = await app.changes.next();
    await orders.update(customerKey, updated, seq);
    // Credit the order no longer takes goes back on the balance.
    await credit.giveBack(customerKey, order, updated, seq, nowMs);
    return applied(updated, ['orders']);
  }

  return {
    cancelOrder: async (customerKey: string, orderKey: string): Promise<Outcome<Order>> => {
      const order = await orders.get(customerKey, orderKey);
      if (!order) return rejected('not_found', checkoutMessages.orderNotFound);
      const placed = order.lines.filter((line) => line.status === 'placed');
      // Ordered custom boxes go with the order: they cannot be cancelled one by one.
      const placedBoxes = order.custom_boxes.filter((box) => box.status === 'placed');
      if (placed.length + placedBoxes.length === 0)
        return rejected('conflict', checkoutMessages.alreadyCancelled);
      if (![...placed, ...placedBoxes].every((row) => canCancelLine(row, app.now())))
        return rejected('conflict', checkoutMessages.tooLateToCancel);
      const outcome = await cancelLines(
        customerKey,
        order,
        new Set(placed.map((line) => line.line_no)),
        new Set(placedBoxes.map((box) => box.box_key)),
      );
      return outcome.status === 'applied'
        ? { ...outcome, message: checkoutMessages.orderCancelled(order.number) }
        : outcome;
    },
    cancelBoxOrder: async (
      customerKey: string,
      orderKey: string,
      lineNo: number,
    ): Promise<Outcome<Order>> => {
      const order = await orders.get(customerKey, orderKey);
      const line = order?.lines.find((candidate) => candidate.line_no === lineNo);
      if (!order || !line) return rejected('not_found', checkoutMessages.orderNotFound);
      if (line.status === 'cancelled')
        return rejected('conflict', checkoutMessages.alreadyCancelled);
      if (!canCancelLine(line, app.now()))
        return rejected('conflict', checkoutMessages.tooLateToCancel);
      const outcome = await cancelLines(customerKey, order, new Set([lineNo]));
      return outcome.status === 'applied'
        ? { ...outcome, message: checkoutMessages.boxesCancelled }
        : outcome;
    },
  };
}
