import { randomUUID } from 'node:crypto';
import {
  cardUsable,
  checkoutMessages,
  customBoxLabel,
  decideCheckoutBox,
  decideCheckoutLine,
  formatUsd,
  marketToday,
  orderDiscountRate,
  orderLineTotal,
  orderNumber,
  orderBlocker,
  orderTotals,
  removedBox,
  toEtaDate,
  unitsForBoxes,
  type CartLine,
  type Order,
  type OrderCustomBox,
  type OrderLine,
  type PlaceOrderArgs,
  type RemovedProduct,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createCartRepository } from '../cart/cart-repository';
import { createCustomBoxes } from '../cart/custom-boxes';
import { createCatalogRepository } from '../catalog/catalog-repository';
import { createOrderRepository } from '../orders/order-repository';
import { createCardRepository } from '../payments/card-repository';
import { createCustomerRepository } from './customer-repository';
import { applied, rejected, type Outcome } from './outcome';

export interface PlacedOrder {
  order: Order;
  guest: boolean;
}

/**
 * The place-order rule, the one function behind `POST /api/checkout/place_order`, the run op and
 * the queued `place_order` mutation. Call it inside ONE transaction: it re-checks every cart
 * line against the price rows and the server clock (`decideCheckoutLine`), releases the lines
 * that can no longer be ordered (their stock returns, with a notice), turns the others into
 * purchase-order rows charged at the current price (a notice for each changed price), clears
 * them from the cart, counts the order on the customer and takes 15% off a referred customer's
 * first order. The boxes were taken from stock when added, so ordering them cannot oversell.
 * A guest orders only with a confirmed email and a chosen delivery address (shared
 * `orderBlocker`). A refusal (unknown or expired card, empty cart, nothing orderable, key taken,
 * no address, unconfirmed guest) writes nothing.
 */
export function createPlaceOrder(app: AppContext) {
  const catalog = createCatalogRepository(app.db);
  const cart = createCartRepository(app.db);
  const orders = createOrderRepository(app.db);
  const cards = createCardRepository(app.db);
  const customers = createCustomerRepository(app.db);
  const customBoxes = createCustomBoxes(app);

  return function placeOrder(customerKey: string, args: PlaceOrderArgs): Outcome<PlacedOrder> {
    const nowMs = app.now();
    const today = toEtaDate(marketToday(nowMs));
    const orderKey = args.order_key ?? `o-${randomUUID()}`;
    if (orders.exists(customerKey, orderKey))
      return rejected('conflict', checkoutMessages.orderKeyTaken);
    const card = cards.get(customerKey, args.card_key);
    if (!card) return rejected('not_found', checkoutMessages.cardNotFound);
    if (!cardUsable(card, marketToday(nowMs)))
      return rejected('card_unusable', checkoutMessages.cardExpired);
    const customer = customers.get(customerKey);
    // Tokens are only issued for existing customers, and customers are never deleted.
    if (!customer) throw new Error(`customer ${customerKey} is missing`);
    const blocker = orderBlocker({
      guest: customer.guest,
      emailVerified: customer.email_verified,
      actualAddress: customer.actual_address,
    });
    if (blocker) return rejected(blocker.code, blocker.message);

    const lines = cart.lines(customerKey).sort((a, b) => a.added_at - b.added_at);
    // Open custom boxes are still being filled: they stay in the cart until closed.
    const closedBoxes = customBoxes
      .list(customerKey)
      .filter((box) => box.closed)
      .sort((a, b) => a.added_at - b.added_at);
    if (lines.length === 0 && closedBoxes.length === 0)
      return rejected('cart_empty', checkoutMessages.cartEmpty);
    const checked = lines.map((line) => ({
      line,
      decision: decideCheckoutLine(line, catalog.offer(line.inventory_key), nowMs),
    }));
    const removed: RemovedProduct[] = [];
    const ordered: { line: CartLine; unitPrice: number; priceChanged: boolean }[] = [];
    for (const { line, decision } of checked) {
      if (decision.kind === 'remove')
        removed.push({
          variety_name: line.variety_name,
          boxes: line.boxes,
          eta_date: line.eta_date,
          reason: decision.reason,
        });
      else
        ordered.push({ line, unitPrice: decision.unitPrice, priceChanged: decision.priceChanged });
    }
    const boxes = closedBoxes.map((box) => ({
      box,
      decision: decideCheckoutBox(box, (key) => catalog.offer(key), nowMs),
    }));
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

    for (const { line, decision } of checked) {
      if (decision.kind !== 'remove') continue;
      const seq = app.changes.nextSeq();
      catalog.returnStock(line.inventory_key, unitsForBoxes(line, line.boxes), seq);
      cart.deleteLine(customerKey, line.key, seq);
      cart.addNotice(
        customerKey,
        {
          key: `removed-${line.key}-${seq}`,
          kind: 'line_removed',
          message: checkoutMessages.lineRemoved(line.variety_name, line.boxes, decision.reason),
          created_at: nowMs,
        },
        app.changes.nextSeq(),
      );
    }

    for (const { box, decision } of boxes) {
      if (decision.kind === 'order') {
        // Sold now: its bunches stay taken from stock, and the box leaves the cart.
        customBoxes.clear(customerKey, box.key);
        if (decision.priceChanged)
          cart.addNotice(
            customerKey,
            {
              key: `price-${orderKey}-${box.key}`,
              kind: 'price_changed',
              message: checkoutMessages.boxPriceChanged(customBoxLabel(box)),
              created_at: nowMs,
            },
            app.changes.nextSeq(),
          );
        continue;
      }
      customBoxes.remove(customerKey, box.key);
      cart.addNotice(
        customerKey,
        {
          key: `removed-${box.key}-${app.changes.currentSeq()}`,
          kind: 'line_removed',
          message: checkoutMessages.boxRemoved(customBoxLabel(box), decision.reason),
          created_at: nowMs,
        },
        app.changes.nextSeq(),
      );
    }

    const orderLines = ordered.map(({ line, unitPrice, priceChanged }, index): OrderLine => {
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
        stem_price: unitPrice,
        cart_price: line.price_at_add,
        price_changed: priceChanged,
        total: 0,
        status: 'placed' as const,
        cancelled_at: null,
      };
      return { ...row, total: orderLineTotal(row) };
    });
    for (const { line, unitPrice, priceChanged } of ordered) {
      // The boxes stay taken from stock: they are sold now, no longer held by the cart.
      cart.deleteLine(customerKey, line.key, app.changes.nextSeq());
      if (priceChanged)
        cart.addNotice(
          customerKey,
          {
            key: `price-${orderKey}-${line.key}`,
            kind: 'price_changed',
            message: checkoutMessages.priceChanged(
              line.variety_name,
              formatUsd(line.price_at_add),
              formatUsd(unitPrice),
            ),
            created_at: nowMs,
          },
          app.changes.nextSeq(),
        );
    }

    const discountRate = orderDiscountRate(customer);
    const seq = app.changes.nextSeq();
    const order: Order = {
      key: orderKey,
      number: orderNumber(today, seq),
      status: 'placed',
      purchase_date: today,
      created_at: nowMs,
      updated_at: nowMs,
      currency: 'USD',
      lines: orderLines,
      custom_boxes: orderedBoxes,
      ...orderTotals([...orderLines, ...orderedBoxes], discountRate),
      discount_rate: discountRate,
      payment: { card_key: card.key, brand: card.brand, last4: card.last4 },
      removed_products: removed,
      first_order: customer.n_orders === 0,
    };
    orders.insert(customerKey, order, seq);
    customers.recordPurchase(customerKey, today);
    return applied(
      { order, guest: customer.guest },
      [
        'orders',
        'cart_lines',
        'notices',
        ...(closedBoxes.length > 0 ? (['custom_boxes'] as const) : []),
      ],
      removed.length > 0 ? checkoutMessages.productsRemoved : null,
    );
  };
}
export type PlaceOrder = ReturnType<typeof createPlaceOrder>;

function describeRemoval(product: RemovedProduct): string {
  return `${product.variety_name}: ${product.reason}`;
}
