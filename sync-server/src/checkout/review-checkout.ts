import {
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
import { createShipTo } from '../cart/ship-to';
import { createCheckoutDecisions } from './checkout-decisions';

/**
 * What placing the order now would do, by the same rule and clock as `placeOrder`, without
 * writing anything: the checkout page shows it so the buyer sees changed prices and removed
 * products before paying, and the account credit the order would take. The order itself
 * re-checks; this is only a preview.
 */
export function createReviewCheckout(app: AppContext) {
  const { catalog, cart, customers, customBoxes: boxes } = app.repos;
  const credit = createAccountCredit(app.engine);
  const decide = createCheckoutDecisions(app);
  const shipTo = createShipTo(app.repos.addresses);
  return async function reviewCheckout(customerKey: string): Promise<CheckoutReview> {
    const nowMs = app.now();
    const lines: ReviewLine[] = [];
    const removed: CheckoutReview['removed_products'] = [];
    const cartLines = (await cart.lines(customerKey)).sort((a, b) => a.added_at - b.added_at);
    const closed = (await boxes.boxes(customerKey))
      .filter((box) => box.closed)
      .sort((a, b) => a.added_at - b.added_at);
    const offers = await catalog.offersByKey([
      ...cartLines.map((line) => line.inventory_key),
      ...closed.flatMap((box) => box.items.map((item) => item.inventory_key)),
    ]);
    const checked = await decide(customerKey, {
      lines: cartLines,
      closedBoxes: closed,
      offerOf: (key) => offers.get(key),
      selected: await shipTo.selected(customerKey),
      nowMs,
    });
    for (const { line, decision } of checked.lines) {
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
    for (const { box, decision } of checked.boxes) {
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
