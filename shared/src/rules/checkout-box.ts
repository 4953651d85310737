import type { Offer } from '../schemas/catalog';
import type { CustomBox } from '../schemas/custom-box';
import type { OrderCustomBox, RemovedProduct } from '../schemas/orders';
import { decideCheckoutLine } from './checkout';
import { boxCopies, customBoxCents } from './custom-box';

export type CheckoutBoxDecision =
  | { kind: 'order'; box: OrderCustomBox; priceChanged: boolean }
  | { kind: 'remove'; reason: string };

/**
 * Whether checkout may order a CLOSED custom box now, by the server clock `nowMs`; an open box is
 * still being filled and is not the caller's to order (it stays in the cart). Its bunches are
 * already held (stock was taken when they went in), so every row is re-checked as a cart line is
 * (`decideCheckoutLine`): the row still sells that variety from the box's grower, and the date can
 * still be ordered for (not one of `closedDays`, the no-delivery holidays) and is inside the
 * row's window. A box is packed as one unit, so when any row fails the whole box is released,
 * with that row's reason. An orderable box is charged each row's current price, times its
 * `number_boxes` (every one of them packed alike); `priceChanged` says whether any price differs
 * from the one the box showed.
 */
export function decideCheckoutBox(
  box: CustomBox,
  offerOf: (inventoryKey: number) => Offer | undefined,
  nowMs: number,
  closedDays: ReadonlySet<number>,
): CheckoutBoxDecision {
  if (box.items.length === 0) return { kind: 'remove', reason: 'the box is empty.' };
  const items: OrderCustomBox['items'] = [];
  for (const item of box.items) {
    const decision = decideCheckoutLine(
      {
        variety_key: item.variety_key,
        grower_key: box.grower_key,
        eta_date: box.eta_date,
        open_market: false,
        reserved_until: null,
        price_at_add_cents: item.stem_price_cents,
      },
      offerOf(item.inventory_key),
      nowMs,
      closedDays,
    );
    if (decision.kind === 'remove') return decision;
    items.push({
      inventory_key: item.inventory_key,
      variety_key: item.variety_key,
      variety_name: item.variety_name,
      color_code: item.color_code,
      length: item.length,
      uom: item.uom,
      stems_per_bunch: item.stems_per_bunch,
      bunches: item.bunches,
      stem_price_cents: decision.unitPriceCents,
      cart_price_cents: item.stem_price_cents,
      price_changed: decision.priceChanged,
    });
  }
  return {
    kind: 'order',
    priceChanged: items.some((item) => item.price_changed),
    box: {
      box_key: box.key,
      grower_key: box.grower_key,
      grower_name: box.grower_name,
      country_iso: box.country_iso,
      eta_date: box.eta_date,
      fill_percent: box.fill_percent,
      items,
      number_boxes: box.number_boxes,
      total_cents: customBoxCents({ items, number_boxes: box.number_boxes }),
      status: 'placed',
      cancelled_at: null,
    },
  };
}

/**
 * How a custom box is named where products are listed (notices, checkout, orders): its grower,
 * and how many boxes of it when more than one.
 */
export function customBoxLabel(box: {
  grower_name: string;
  number_boxes?: number | undefined;
}): string {
  const name = `Custom box from ${box.grower_name}`;
  return boxCopies(box) > 1 ? `${name} × ${boxCopies(box)}` : name;
}

/** How a closed box that checkout cannot order is listed among the removed products. */
export function removedBox(box: CustomBox, reason: string): RemovedProduct {
  return {
    // The count is in `boxes`.
    variety_name: customBoxLabel({ grower_name: box.grower_name }),
    boxes: box.number_boxes,
    eta_date: box.eta_date,
    reason,
  };
}
