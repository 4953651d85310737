import {
  decideCheckoutBox,
  decideCheckoutLine,
  orderDiscountRate,
  orderLineCents,
  orderTotals,
  removedBox,
  withCreditApplied,
  type CheckoutReview,
  type OrderCustomBox,
  type ReviewLine,
} from '@stemline/shared';
import { createAccountCredit } from '../account-ledger/account-credit';
import type { AppContext } from '../app-context';
import { createDeliverableDates } from '../cart/deliverable-date';

/**
 * What placing the order now would do, by the same rule and clock as `placeOrder`, without
 * writing anything: the checkout page shows it so the buyer sees changed prices and removed
 * products before paying, and the account credit the order would take. The order itself
 * re-checks; this is only a preview.
 */
export function createReviewCheckout(app: AppContext) {
  const { catalog, cart, customers, customBoxes: boxes } = app.repos;
  const credit = createAccountCredit(app.engine);
  const deliverable = createDeliverableDates(app);
  return async function reviewCheckout(customerKey: string): Promise<CheckoutReview> {
    const nowMs = app.now();
    const lines: ReviewLine[] = [];
    const removed: CheckoutReview['removed_products'] = [];
    const cartLines = await cart.lines(customerKey);
    const closed = (await boxes.boxes(customerKey)).filter((box) => box.closed);
    const closedDays = await deliverable.closedDays([
      ...cartLines.map((line) => line.eta_date),
      ...closed.map((box) => box.eta_date),
    ]);
    for (const line of cartLines.sort((a, b) => a.added_at - b.added_at)) {
      const decision = decideCheckoutLine(
        line,
        await catalog.offer(line.inventory_key),
        nowMs,
        closedDays,
      );
      if (decision.kind === 'remove') {
        removed.push({
          variety_name: line.variety_name,
          boxes: line.boxes,
          eta_date: line.eta_date,
          reason: decision.reason,
        });
        continue;
      }
      const priced = { ...line, stem_price_cents: decision.unitPriceCents };
      lines.push({
        key: line.key,
        variety_name: line.variety_name,
        grower_name: line.grower_name,
        country_iso: line.country_iso,
        length: line.length,
        eta_date: line.eta_date,
        boxes: line.boxes,
        uom: line.uom,
        stems_per_bunch: line.stems_per_bunch,
        bunches_in_box: line.bunches_in_box,
        cart_price_cents: line.price_at_add_cents,
        stem_price_cents: decision.unitPriceCents,
        price_changed: decision.priceChanged,
        total_cents: orderLineCents(priced),
        open_market: line.open_market,
        reserved_until: line.reserved_until,
      });
    }
    const customBoxes: OrderCustomBox[] = [];
    const offers = await catalog.offersByKey(
      closed.flatMap((box) => box.items.map((item) => item.inventory_key)),
    );
    for (const box of closed.sort((a, b) => a.added_at - b.added_at)) {
      const decision = decideCheckoutBox(box, (key) => offers.get(key), nowMs, closedDays);
      if (decision.kind === 'order') customBoxes.push(decision.box);
      else removed.push(removedBox(box, decision.reason));
    }
    const customer = await customers.get(customerKey);
    const discountRate = customer ? orderDiscountRate(customer) : 0;
    const totals = orderTotals(
      [...lines, ...customBoxes].map((row) => ({
        total_cents: row.total_cents,
        status: 'placed' as const,
      })),
      discountRate,
    );
    return {
      success: true,
      lines,
      custom_boxes: customBoxes,
      removed_products: removed,
      credit_available_cents: await credit.availableCents(customerKey),
      ...withCreditApplied(totals, await credit.toApplyCents(customerKey, totals.total_cents)),
      discount_rate: discountRate,
      guest: customer?.guest ?? false,
      server_now: nowMs,
    };
  };
}
