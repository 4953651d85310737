import {
  checkoutMessages,
  OFFER_GONE_REASON,
  stemlineMessages,
  type CartLine,
  type DeletedProduct,
  type DeletedProductReason,
  type Notice,
} from '@stemline/shared';
import type { AppContext } from '../app-context';

/** How the server tells of a cart line it took out: the notice, and why in a deleted product. */
export interface LineRemoval {
  /** Shared by the notice and the deleted product: one event, one key. */
  key: string;
  kind: Notice['kind'];
  message: string;
  reason: DeletedProductReason;
  nowMs: number;
}

/**
 * Tells a buyer once that the server took a line out of their cart (a hold that ended, an offer
 * gone at checkout). A guest is told by the removed-products message modal (spec §2 and §4: "a
 * guest with removed products sees a message modal"), so the product is recorded for
 * `get_customer_delete_products` and no notice is left; any other buyer gets the notice (the
 * cart lists it and the app toasts it) and no record, which no screen of theirs would read and
 * nothing would ever acknowledge. Call it inside the transaction that removes the line.
 */
export function createRemovedLineReport(app: AppContext) {
  const { cart, deletedProducts } = app.repos;
  return async function reportRemovedLine(
    customerKey: string,
    guest: boolean,
    line: CartLine,
    removal: LineRemoval,
  ): Promise<void> {
    if (!guest) {
      const { key, kind, message, nowMs } = removal;
      await cart.addNotice(
        customerKey,
        { key, kind, message, created_at: nowMs },
        await app.changes.next(),
      );
      return;
    }
    await deletedProducts.record(
      customerKey,
      {
        key: removal.key,
        variety_key: line.variety_key,
        variety_name: line.variety_name,
        inventory_key: line.inventory_key,
        eta_date: line.eta_date,
        boxes: line.boxes,
        reason: removal.reason,
        created_at: removal.nowMs,
      },
      line.added_at,
    );
  };
}

/**
 * What a guest left unread when it becomes a full buyer: its removed products, which only a
 * guest's message modal shows, become the notices a full buyer would have had for them (same
 * keys), and their records go. Call it inside the transaction that upgrades the guest. Returns
 * how many notices it left.
 */
export function createUnreadRemovalsToNotices(app: AppContext) {
  const { cart, deletedProducts } = app.repos;
  return async function unreadRemovalsToNotices(customerKey: string): Promise<number> {
    const unread = await deletedProducts.list(customerKey);
    for (const product of unread) {
      await cart.addNotice(customerKey, noticeFor(product), await app.changes.next());
    }
    await deletedProducts.acknowledge(
      customerKey,
      unread.map((product) => product.key),
    );
    return unread.length;
  };
}

function noticeFor(product: DeletedProduct): Notice {
  const { key, variety_name: variety, boxes, created_at } = product;
  return product.reason === 'reservation_expired'
    ? {
        key,
        kind: 'reservation_expired',
        message: stemlineMessages.reservationExpired(variety, boxes),
        created_at,
      }
    : {
        key,
        kind: 'line_removed',
        message: checkoutMessages.lineRemoved(variety, boxes, OFFER_GONE_REASON),
        created_at,
      };
}
