import { randomUUID } from 'node:crypto';
import {
  cardUsable,
  checkoutMessages,
  customBoxLabel,
  formatCents,
  guestMessages,
  MAIN_ADDRESS_KEY,
  marketToday,
  orderDiscountRate,
  orderLineCents,
  orderNumber,
  orderBlocker,
  orderTotals,
  removedBox,
  toEtaDate,
  unitsForBoxes,
  type ActualAddress,
  type CartLine,
  type Order,
  type OrderCustomBox,
  type OrderLine,
  type PlaceOrderArgs,
  type RemovedProduct,
} from '@stemline/shared';
import { createAccountCredit } from '../account-ledger/account-credit';
import type { AppContext } from '../app-context';
import { createCustomBoxes } from '../cart/custom-boxes';
import { createRemovedLineReport } from '../cart/removed-line-report';
import { createShipTo } from '../cart/ship-to';
import { customerLockKey, lockKey } from '../db/key-lock';
import { applied, rejected, type Outcome } from '../kernel/outcome';
import { createCheckoutDecisions } from './checkout-decisions';

export interface PlacedOrder {
  /** The order under the caller's `order_key`. */
  order: Order;
  /** Every order placed: one per delivery address, `order` first. */
  orders: Order[];
  guest: boolean;
}

/**
 * The place-order rule, the one function behind `POST /api/checkout/place_order`, the run op and
 * the queued `place_order` mutation. Call it inside ONE transaction: it re-checks every cart
 * line against the price rows, the server clock and the delivery area of its address
 * (checkout-decisions.ts), releases the lines that can no longer be ordered (their stock
 * returns; a notice, for a guest a deleted product: cart/removed-line-report.ts), turns the
 * others into purchase-order rows charged at the current price (a notice for each changed
 * price), clears them from the cart, counts the order on the customer and takes 15% off a
 * referred customer's first order, then the account credit up to the total. The boxes were
 * taken from stock when added, so ordering them cannot oversell. Every order ships to one address: a line ships where it was added for (`ship_to`), else to
 * the address selected now (the chosen one, else the main one); custom boxes ship to the selected
 * address. A cart for two addresses is placed as two orders, the second keyed `<order_key>-2`.
 * No order without an address, and a guest orders only with a confirmed email (shared
 * `orderBlocker`). A refusal (unknown or expired card, empty cart, nothing orderable, key taken,
 * no address, unconfirmed guest) writes nothing.
 */
export function createPlaceOrder(app: AppContext) {
  const { catalog, cart, orders, cards, customers } = app.repos;
  const customBoxes = createCustomBoxes(app);
  const shipTo = createShipTo(app.repos.addresses);
  const credit = createAccountCredit(app.engine);
  const reportRemovedLine = createRemovedLineReport(app);
  const decide = createCheckoutDecisions(app);

  return async function placeOrder(
    customerKey: string,
    args: PlaceOrderArgs,
  ): Promise<Outcome<PlacedOrder>> {
    // The cart is read, then ordered and cleared: on several nodes, one customer's checkouts
    // and cart changes run one at a time (db/key-lock.ts), or two checkouts racing on one cart
    // would both read its lines and both place an order for them.
    await lockKey(app.engine, customerLockKey(customerKey));
    const nowMs = app.now();
    const today = toEtaDate(marketToday(nowMs));
    const orderKey = args.order_key ?? `o-${randomUUID()}`;
    if (await orders.exists(customerKey, orderKey))
      return rejected('conflict', checkoutMessages.orderKeyTaken);
    const card = await cards.get(customerKey, args.card_key);
    if (!card) return rejected('not_found', checkoutMessages.cardNotFound);
    if (!cardUsable(card, marketToday(nowMs)))
      return rejected('card_unusable', checkoutMessages.cardExpired);
    const customer = await customers.get(customerKey);
    // Tokens are only issued for existing customers, and customers are never deleted.
    if (!customer) throw new Error(`customer ${customerKey} is missing`);
    const selected = await shipTo.selected(customerKey);
    const blocker = orderBlocker({
      guest: customer.guest,
      emailVerified: customer.email_verified,
      actualAddress: customer.actual_address,
      hasMainAddress: selected?._KEY === MAIN_ADDRESS_KEY,
    });
    if (blocker) return rejected(blocker.code, blocker.message);

    const lines = (await cart.lines(customerKey)).sort((a, b) => a.added_at - b.added_at);
    // Open custom boxes are still being filled: they stay in the cart until closed.
    const closedBoxes = (await customBoxes.list(customerKey))
      .filter((box) => box.closed)
      .sort((a, b) => a.added_at - b.added_at);
    if (lines.length === 0 && closedBoxes.length === 0)
      return rejected('cart_empty', checkoutMessages.cartEmpty);
    const offers = await catalog.offersByKey([
      ...lines.map((line) => line.inventory_key),
      ...closedBoxes.flatMap((box) => box.items.map((item) => item.inventory_key)),
    ]);
    const { lines: checked, boxes } = await decide(customerKey, {
      lines,
      closedBoxes,
      offerOf: (key) => offers.get(key),
      selected,
      nowMs,
    });
    const removed: RemovedProduct[] = [];
    const ordered: OrderedLine[] = [];
    for (const { line, decision } of checked) {
      if (decision.kind === 'remove')
        removed.push({
          variety_name: line.variety_name,
          boxes: line.boxes,
          eta_date: line.eta_date,
          reason: decision.reason,
        });
      else
        ordered.push({
          line,
          unitPriceCents: decision.unitPriceCents,
          priceChanged: decision.priceChanged,
        });
    }
    const orderedBoxes: OrderCustomBox[] = [];
    for (const { box, decision } of boxes) {
      if (decision.kind === 'order') orderedBoxes.push(decision.box);
      else removed.push(removedBox(box, decision.reason));
    }
    if (ordered.length === 0 && orderedBoxes.length === 0)
      return rejected(
        'products_removed',
        [checkoutMessages.nothingLeftToOrder, ...removed.map(describeRemoval)].join(' '),
      );
    const shipments = groupByAddress(ordered, orderedBoxes, selected);
    if (!shipments) return rejected('address_required', guestMessages.addressRequired);
    const orderKeys = shipments.map((_, index) =>
      index === 0 ? orderKey : `${orderKey}-${index + 1}`,
    );
    for (const key of orderKeys.slice(1))
      if (await orders.exists(customerKey, key))
        return rejected('conflict', checkoutMessages.orderKeyTaken);

    for (const { line, decision } of checked) {
      if (decision.kind !== 'remove') continue;
      const seq = await app.changes.next();
      await catalog.returnStock(line.inventory_key, unitsForBoxes(line, line.boxes), seq);
      await cart.deleteLine(customerKey, line.key, seq);
      await reportRemovedLine(customerKey, customer.guest, line, {
        key: `removed-${line.key}-${seq}`,
        kind: 'line_removed',
        message: checkoutMessages.lineRemoved(line.variety_name, line.boxes, decision.reason),
        reason: decision.deleted,
        nowMs,
      });
    }

    for (const { box, decision } of boxes) {
      if (decision.kind === 'order') {
        // Sold now: its bunches stay taken from stock, and the box leaves the cart.
        await customBoxes.clear(customerKey, box.key);
        if (decision.priceChanged)
          await cart.addNotice(
            customerKey,
            {
              key: `price-${orderKey}-${box.key}`,
              kind: 'price_changed',
              message: checkoutMessages.boxPriceChanged(customBoxLabel(box)),
              created_at: nowMs,
            },
            await app.changes.next(),
          );
        continue;
      }
      await customBoxes.remove(customerKey, box.key);
      await cart.addNotice(
        customerKey,
        {
          key: `removed-${box.key}-${await app.changes.current()}`,
          kind: 'line_removed',
          message: checkoutMessages.boxRemoved(customBoxLabel(box), decision.reason),
          created_at: nowMs,
        },
        await app.changes.next(),
      );
    }

    for (const { line, unitPriceCents, priceChanged } of ordered) {
      // The boxes stay taken from stock: they are sold now, no longer held by the cart.
      await cart.deleteLine(customerKey, line.key, await app.changes.next());
      if (priceChanged)
        await cart.addNotice(
          customerKey,
          {
            key: `price-${orderKey}-${line.key}`,
            kind: 'price_changed',
            message: checkoutMessages.priceChanged(
              line.variety_name,
              formatCents(line.price_at_add_cents),
              formatCents(unitPriceCents),
            ),
            created_at: nowMs,
          },
          await app.changes.next(),
        );
    }

    const placed: Order[] = [];
    // Only the customer's first order ever earns the referral discount, and a first checkout
    // split by address is that first order in parts: each part keeps the rate the review showed.
    const firstOrder = customer.n_orders === 0;
    const discountRate = orderDiscountRate(customer);
    for (const [index, shipment] of shipments.entries()) {
      const orderLines = shipment.lines.map(orderLineOf);
      const seq = await app.changes.next();
      // The account credit (a credited claim) comes off the total, recorded on the ledger.
      const order = await credit.applyTo(customerKey, {
        key: orderKeys[index] ?? orderKey,
        number: orderNumber(today, seq),
        status: 'placed',
        purchase_date: today,
        created_at: nowMs,
        updated_at: nowMs,
        currency: 'USD',
        lines: orderLines,
        custom_boxes: shipment.boxes,
        ...orderTotals([...orderLines, ...shipment.boxes], discountRate),
        discount_rate: discountRate,
        payment: { card_key: card.key, brand: card.brand, last4: card.last4 },
        removed_products: index === 0 ? removed : [],
        first_order: firstOrder,
        ship_to: shipment.address,
      });
      await orders.insert(customerKey, order, seq);
      await customers.recordPurchase(customerKey, today);
      placed.push(order);
    }
    const messages = [
      ...(placed.length > 1 ? [checkoutMessages.splitByAddress(placed.length)] : []),
      ...(removed.length > 0 ? [checkoutMessages.productsRemoved] : []),
    ];
    return applied(
      { order: placed[0] as Order, orders: placed, guest: customer.guest },
      [
        'orders',
        'cart_lines',
        'notices',
        ...(closedBoxes.length > 0 ? (['custom_boxes'] as const) : []),
      ],
      messages.length > 0 ? messages.join(' ') : null,
    );
  };
}

interface OrderedLine {
  line: CartLine;
  unitPriceCents: number;
  priceChanged: boolean;
}

interface Shipment {
  address: ActualAddress;
  lines: OrderedLine[];
  boxes: OrderCustomBox[];
}

/**
 * The orderable lines and boxes grouped by the address they ship to, in the order the buyer
 * added them; null when something has no address to ship to.
 */
function groupByAddress(
  lines: readonly OrderedLine[],
  boxes: OrderCustomBox[],
  selected: ActualAddress | undefined,
): Shipment[] | null {
  const shipments = new Map<string, Shipment>();
  const shipmentTo = (address: ActualAddress): Shipment => {
    const existing = shipments.get(address._KEY);
    if (existing) return existing;
    const shipment: Shipment = { address, lines: [], boxes: [] };
    shipments.set(address._KEY, shipment);
    return shipment;
  };
  for (const ordered of lines) {
    const address = ordered.line.ship_to ?? selected;
    if (!address) return null;
    shipmentTo(address).lines.push(ordered);
  }
  if (boxes.length > 0) {
    if (!selected) return null;
    shipmentTo(selected).boxes.push(...boxes);
  }
  return [...shipments.values()];
}

function orderLineOf(
  { line, unitPriceCents, priceChanged }: OrderedLine,
  index: number,
): OrderLine {
  const row = {
    line_no: index + 1,
    cart_line_key: line.key,
    inventory_key: line.inventory_key,
    variety_key: line.variety_key,
    variety_name: line.variety_name,
    color_code: line.color_code,
    grower_key: line.grower_key,
    grower_name: line.grower_name,
    country_iso: line.country_iso,
    length: line.length,
    eta_date: line.eta_date,
    boxes: line.boxes,
    uom: line.uom,
    stems_per_bunch: line.stems_per_bunch,
    bunches_in_box: line.bunches_in_box,
    stem_price_cents: unitPriceCents,
    cart_price_cents: line.price_at_add_cents,
    price_changed: priceChanged,
    total_cents: 0,
    status: 'placed' as const,
    cancelled_at: null,
  };
  return { ...row, total_cents: orderLineCents(row) };
}
export type PlaceOrder = ReturnType<typeof createPlaceOrder>;

function describeRemoval(product: RemovedProduct): string {
  return `${product.variety_name}: ${product.reason}`;
}
