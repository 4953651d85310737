import { RESERVATION_MINUTES, REFERRAL_DISCOUNT } from '../constants';
import { marketToday, toEtaDate } from '../dates';
import { formatEtaDate } from '../eta-date-text';
import { wholeCents } from '../money';
import type { CartLine } from '../schemas/cart';
import type { DeletedProductReason } from '../schemas/deleted-products';
import type { Offer } from '../schemas/catalog';
import type { Order, OrderCustomBox, OrderLine, OrderStatus } from '../schemas/orders';
import { withCreditApplied } from './credits';
import { isOrderableDeliveryDate } from './delivery-date';
import { clockStageTimes } from './order-life';
import { unitsPerBox } from './pricing';

/** Why checkout removes a line whose offer is gone, in words (`checkoutMessages.lineRemoved`). */
export const OFFER_GONE_REASON = 'the offer is no longer available.';

export type CheckoutLineDecision =
  | { kind: 'order'; unitPriceCents: number; priceChanged: boolean }
  | { kind: 'remove'; reason: string; deleted: DeletedProductReason };

/**
 * Whether checkout may order a cart line now, by the server clock `nowMs`. The boxes are already
 * held by the cart (stock was taken when they were added), so checkout checks that the hold still
 * stands: the price row still exists for that variety, the date can still be ordered for
 * (`isOrderableDeliveryDate`: a weekday after today at the market, not one of `closedDays`, the
 * no-delivery holidays) and is inside the row's window, and an open-market hold has not ended.
 * An orderable line is charged the row's current price; `priceChanged` compares it with the
 * price the line was added at. A removed line says why in words (`reason`) and as the reason a
 * deleted product records (`deleted`).
 */
export function decideCheckoutLine<
  Line extends Pick<
    CartLine,
    | 'variety_key'
    | 'grower_key'
    | 'eta_date'
    | 'open_market'
    | 'reserved_until'
    | 'price_at_add_cents'
  >,
>(
  line: Line,
  offer: Offer | undefined,
  nowMs: number,
  closedDays: ReadonlySet<number>,
): CheckoutLineDecision {
  if (!offer || offer.variety_key !== line.variety_key || offer.grower_key !== line.grower_key)
    return { kind: 'remove', reason: OFFER_GONE_REASON, deleted: 'unavailable' };
  if (
    !isOrderableDeliveryDate(line.eta_date, nowMs, closedDays) ||
    line.eta_date < offer.eta_from ||
    line.eta_date > offer.eta_to
  )
    return {
      kind: 'remove',
      reason: `it can no longer be delivered on ${formatEtaDate(line.eta_date)}.`,
      deleted: 'unavailable',
    };
  if (line.open_market && (line.reserved_until === null || line.reserved_until <= nowMs))
    return {
      kind: 'remove',
      reason: `its ${RESERVATION_MINUTES}-minute hold ended.`,
      deleted: 'reservation_expired',
    };
  return {
    kind: 'order',
    unitPriceCents: offer.stem_price_cents,
    priceChanged: offer.stem_price_cents !== line.price_at_add_cents,
  };
}

/** Spec §1 and §9: a friend's referral takes 15% off the customer's first order only. */
export function orderDiscountRate(customer: { n_orders: number; referral: string | null }): number {
  const referred = typeof customer.referral === 'string' && customer.referral.trim() !== '';
  return customer.n_orders === 0 && referred ? REFERRAL_DISCOUNT : 0;
}

/** What one purchase-order row costs, in whole cents: unit price × units per box × boxes, exactly. */
export function orderLineCents(
  line: Pick<
    OrderLine,
    'uom' | 'stems_per_bunch' | 'bunches_in_box' | 'boxes' | 'stem_price_cents'
  >,
): number {
  return line.stem_price_cents * unitsPerBox(line) * line.boxes;
}

/** An order's totals, in whole cents. */
export interface OrderTotals {
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
}

/**
 * Totals over the rows not cancelled, in whole cents: the subtotal (an exact sum), the discount
 * at `discountRate` (the one rounding, half up) and what is charged. Cancelling rows recomputes
 * them the same way.
 */
export function orderTotals(
  lines: readonly Pick<OrderLine, 'total_cents' | 'status'>[],
  discountRate: number,
): OrderTotals {
  const subtotal = lines
    .filter((line) => line.status === 'placed')
    .reduce((sum, line) => sum + line.total_cents, 0);
  const discount = wholeCents(subtotal * discountRate);
  return { subtotal_cents: subtotal, discount_cents: discount, total_cents: subtotal - discount };
}

/** An order's status from its rows: all cancelled, some cancelled, or none. */
export function orderStatus(lines: readonly Pick<OrderLine, 'status'>[]): OrderStatus {
  const cancelled = lines.filter((line) => line.status === 'cancelled').length;
  if (cancelled === 0) return 'placed';
  return cancelled === lines.length ? 'cancelled' : 'partially_cancelled';
}

/**
 * Boxes can be cancelled while they are at least two days from arrival at the market (the farm
 * cuts and packs the day before shipping, so a row arriving today or tomorrow is final) and have
 * not left the farm: neither shipped as the grower recorded it nor past the clock's shipping time
 * (rules/order-life.ts), since boxes on the way cannot be taken back.
 */
export function canCancelLine(
  line: Pick<OrderLine, 'status' | 'eta_date' | 'fulfillment'>,
  nowMs: number,
): boolean {
  const lastCancellable = toEtaDate(marketToday(nowMs).add({ days: 1 }));
  if (line.status !== 'placed' || line.eta_date <= lastCancellable) return false;
  const shippedAt = Math.min(
    line.fulfillment?.shipped_at ?? Number.MAX_SAFE_INTEGER,
    clockStageTimes(line, nowMs).shipped,
  );
  return nowMs < shippedAt;
}

/**
 * The order with `lineNos` (and the custom boxes `boxKeys`) cancelled at `nowMs`, totals and
 * status recomputed over its lines and custom boxes.
 */
export function cancelOrderLines(
  order: Order,
  lineNos: ReadonlySet<number>,
  nowMs: number,
  boxKeys: ReadonlySet<string> = new Set(),
): Order {
  const lines = order.lines.map((line): OrderLine =>
    lineNos.has(line.line_no) && line.status === 'placed'
      ? { ...line, status: 'cancelled', cancelled_at: nowMs }
      : line,
  );
  const customBoxes = order.custom_boxes.map((box): OrderCustomBox =>
    boxKeys.has(box.box_key) && box.status === 'placed'
      ? { ...box, status: 'cancelled', cancelled_at: nowMs }
      : box,
  );
  const rows = [...lines, ...customBoxes];
  const totals = orderTotals(rows, order.discount_rate);
  return {
    ...order,
    lines,
    custom_boxes: customBoxes,
    // The credit stays on the order up to its new total; the rest goes back (creditReturnedCents).
    ...(order.credit_applied_cents === undefined
      ? totals
      : withCreditApplied(totals, order.credit_applied_cents)),
    status: orderStatus(rows),
    updated_at: nowMs,
  };
}

/**
 * The `extend_expiration_boxes` rule. A buyer who follows the cart-reminder link to checkout gets
 * each open-market hold that is still running restarted at 30 minutes from now — once per line
 * (per time it was added), so stock cannot be held indefinitely. A hold that has ended is not
 * revived: its boxes may already be back on sale. Returns the new `reserved_until`, or null when
 * the line gets no extension.
 */
export function extendedHold(
  line: Pick<CartLine, 'open_market' | 'reserved_until'>,
  nowMs: number,
  alreadyExtended: boolean,
): number | null {
  if (!line.open_market || line.reserved_until === null || line.reserved_until <= nowMs)
    return null;
  if (alreadyExtended) return null;
  const extended = nowMs + RESERVATION_MINUTES * 60_000;
  return extended > line.reserved_until ? extended : null;
}

/** The human order number: `PO-` and the purchase date, then a sequence unique on the server. */
export function orderNumber(purchaseDate: number, sequence: number): string {
  return `PO-${purchaseDate}-${String(sequence).padStart(5, '0')}`;
}
