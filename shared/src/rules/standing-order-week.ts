import { STANDING_ORDER_CUTOFF_DAYS } from '../constants';
import type { Offer } from '../schemas/catalog';
import type {
  StandingBoxItem,
  StandingCustomBox,
  StandingOrder,
  StandingOrderItem,
} from '../schemas/standing-orders';
import { decideAddToCart } from './add-to-cart';
import { bunchesInStock, percentPerBunch } from './custom-box';
import { unitsPerBox } from './pricing';
import {
  deliveryDateOf,
  deliveryWeeksBetween,
  etaDatePlusDays,
  isDeliveryWeek,
  mondayOf,
  weekDecided,
  weekQuantities,
} from './standing-orders';

/**
 * What the weekly run (the server's standing-order scheduler) does with one week of a standing
 * order, read at or after the week's cut-off:
 * - `not_due`: the cut-off has not come; a later run decides it.
 * - `stopped`: the order is cancelled, gone, or the week is not one of its deliveries: nothing.
 * - `paused`, `skipped`: no order (a changed week whose quantities are all 0 counts as skipped).
 * - `missed`: the delivery date came before any run could make the order.
 * - `due`: make the order, with the week's quantities (its changes over the order's own).
 */
export type StandingWeekState =
  | { kind: 'not_due' }
  | { kind: 'stopped' }
  | { kind: 'paused' }
  | { kind: 'skipped' }
  | { kind: 'missed' }
  | {
      kind: 'due';
      deliveryDate: number;
      items: { item: StandingOrderItem; boxes: number }[];
      customBoxes: { box: StandingCustomBox; boxes: number }[];
    };

export function standingWeekState(
  order: StandingOrder | undefined,
  week: number,
  today: number,
): StandingWeekState {
  if (!order || order.status === 'cancelled' || !isDeliveryWeek(order, week))
    return { kind: 'stopped' };
  if (!weekDecided(order, week, today)) return { kind: 'not_due' };
  const deliveryDate = deliveryDateOf(order, week);
  if (deliveryDate <= today) return { kind: 'missed' };
  if (order.status === 'paused') return { kind: 'paused' };
  if (order.skipped_weeks.includes(week)) return { kind: 'skipped' };
  const quantities = weekQuantities(order, week);
  const items = order.items
    .map((item) => ({ item, boxes: quantities[item.key] ?? 0 }))
    .filter(({ boxes }) => boxes > 0);
  const customBoxes = order.custom_boxes
    .map((box) => ({ box, boxes: quantities[box.key] ?? 0 }))
    .filter(({ boxes }) => boxes > 0);
  if (items.length === 0 && customBoxes.length === 0) return { kind: 'skipped' };
  return { kind: 'due', deliveryDate, items, customBoxes };
}

/**
 * The Monday a weekly run looks back to: weeks before it are never made (nor reported missed),
 * so a run reads a bounded set of weeks however long the server has kept its standing orders.
 */
export function runHorizonWeek(today: number): number {
  return etaDatePlusDays(mondayOf(today), -7);
}

/**
 * The weeks of a live standing order a run must decide by `today`: those from `sinceWeek` on
 * whose cut-off has come. A cancelled order has none; a paused one has its weeks decided (as
 * not delivered) like any other, so resuming it later does not make past weeks late.
 */
export function decidedWeeks(order: StandingOrder, today: number, sinceWeek: number): number[] {
  if (order.status === 'cancelled') return [];
  // A week is decided once its cut-off, (weekday - 1) - STANDING_ORDER_CUTOFF_DAYS days after
  // its Monday, has come: its Monday is at most this many days after today.
  const lastWeek = etaDatePlusDays(
    today,
    STANDING_ORDER_CUTOFF_DAYS - (order.delivery_weekday - 1),
  );
  return deliveryWeeksBetween(order, sinceWeek, lastWeek);
}

export interface StockTake {
  offer: Offer;
  boxes: number;
}

/**
 * Which price rows one standing-order line takes its `requested` boxes from, by the cart's own
 * add rule (`decideAddToCart`: whole boxes, only what the stock holds, at most 30 of a row,
 * counting `takenByRow`, the boxes this order already took of each row). `offers` are the rows
 * it may come from with their live stock: the cheapest with stock first, then the next, until
 * the quantity is met (only rows of the buyer's own variety, length and grower, if one was
 * named). `granted` below `requested` is a short line; 0 is a sold-out one.
 */
export function planStandingLine(
  requested: number,
  offers: readonly Offer[],
  takenByRow: ReadonlyMap<number, number>,
): { takes: StockTake[]; granted: number } {
  const takes: StockTake[] = [];
  let granted = 0;
  const byPrice = [...offers].sort(
    (a, b) => a.stem_price_cents - b.stem_price_cents || a.inventory_key - b.inventory_key,
  );
  for (const offer of byPrice) {
    if (granted === requested) break;
    const decision = decideAddToCart({
      requestedBoxes: requested - granted,
      availableUnits: offer.available,
      unitsPerBox: unitsPerBox(offer),
      boxesInCart: takenByRow.get(offer.inventory_key) ?? 0,
    });
    if (decision.kind === 'rejected') continue;
    takes.push({ offer, boxes: decision.boxes });
    granted += decision.boxes;
  }
  return { takes, granted };
}

export type StandingBoxPlan =
  | {
      kind: 'pack';
      takes: { offer: Offer; bunches: number; percentPerBunch: number }[];
      fill: number;
    }
  | { kind: 'short'; item: StandingBoxItem }
  | { kind: 'overfull'; fill: number };

/**
 * How one copy of a standing custom box is packed from its farm's rows of the delivery date,
 * as the custom-box rules pack a box in the cart: for each flower, the cheapest row of that
 * variety and length with its bunches in stock (`rowsByItem`, live, in the box's item order);
 * the bunches must fit in one box (100% at most, `percentPerBunch` of the rows used). A box is
 * packed whole or not at all: `short` names the first flower without enough bunches,
 * `overfull` says the week's rows pack fewer bunches to a box than the buyer's did.
 */
export function planStandingBox(
  box: Pick<StandingCustomBox, 'items'>,
  rowsByItem: readonly (readonly Offer[])[],
): StandingBoxPlan {
  const takes: { offer: Offer; bunches: number; percentPerBunch: number }[] = [];
  let fill = 0;
  for (const [index, item] of box.items.entries()) {
    const offer = [...(rowsByItem[index] ?? [])]
      .filter((row) => !row.open_market && bunchesInStock(row) >= item.bunches)
      .sort(
        (a, b) => a.stem_price_cents - b.stem_price_cents || a.inventory_key - b.inventory_key,
      )[0];
    if (!offer) return { kind: 'short', item };
    const perBunch = percentPerBunch(offer);
    fill += item.bunches * perBunch;
    takes.push({ offer, bunches: item.bunches, percentPerBunch: perBunch });
  }
  // The same slack as customBoxBunchCount: 12 bunches of 100/12 % each fill exactly 100%.
  if (fill > 100 + 1e-9) return { kind: 'overfull', fill };
  return { kind: 'pack', takes, fill: Math.round(fill * 100) / 100 };
}
