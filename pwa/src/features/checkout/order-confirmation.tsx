import {
  cardBrandNames,
  checkoutMessages,
  creditMessages,
  customBoxLabel,
  formatEtaDate,
  formatCents,
  type Order,
} from '@stemline/shared';
import { Button, LinkButton } from '../../ui';
import { formatAddress } from '../delivery/selected-address';

/**
 * What the buyer sees once the order is placed: per order (one per delivery address) its number,
 * where it ships, rows, total and any removals.
 */
export function OrderConfirmation({
  orders,
  showRemoved,
  onDone,
}: {
  /** The order under the placed key first, then the others of a cart for several addresses. */
  orders: Order[];
  /** Guests are told about removals in the message modal instead. */
  showRemoved: boolean;
  onDone: () => void;
}) {
  const first = orders[0];
  if (!first) return null;
  return (
    <div className="order-confirmation" role="status">
      {orders.length > 1 && <p>{checkoutMessages.splitByAddress(orders.length)}</p>}
      {orders.map((order) => (
        <PlacedOrder key={order.key} order={order} showRemoved={showRemoved} />
      ))}
      <div className="order-confirmation__actions">
        <LinkButton href={`/shopping/home/account/orders?order=${first.key}`}>
          See your orders
        </LinkButton>
        <Button variant="secondary" onPress={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function PlacedOrder({ order, showRemoved }: { order: Order; showRemoved: boolean }) {
  const changed = order.lines.filter((line) => line.price_changed);
  return (
    <div className="order-confirmation__order" data-testid="placed-order">
      <h2>{checkoutMessages.orderPlaced(order.number)}</h2>
      {order.ship_to && (
        <p className="order-confirmation__ship-to">
          {checkoutMessages.shipsTo}: {formatAddress(order.ship_to)}
        </p>
      )}
      <p>
        {formatCents(order.total_cents)} charged to {cardBrandNames[order.payment.brand]} ending{' '}
        {order.payment.last4}
        {order.discount_cents > 0
          ? ` (referral discount ${formatCents(order.discount_cents)} included)`
          : ''}
        {(order.credit_applied_cents ?? 0) > 0 && (
          <span data-testid="confirmation-credit">
            {' '}
            ({creditMessages.creditOnConfirmation(formatCents(order.credit_applied_cents ?? 0))})
          </span>
        )}
        .
      </p>
      <ul className="order-confirmation__lines">
        {order.lines.map((line) => (
          <li key={line.line_no}>
            {line.boxes} {line.boxes === 1 ? 'box' : 'boxes'} {line.variety_name} from{' '}
            {line.grower_name}, arriving {formatEtaDate(line.eta_date)} —{' '}
            {formatCents(line.total_cents)}
          </li>
        ))}
        {order.custom_boxes.map((box) => (
          <li key={box.box_key} data-testid="ordered-box">
            {customBoxLabel(box)} ({box.items.reduce((sum, item) => sum + item.bunches, 0)}{' '}
            bunches), arriving {formatEtaDate(box.eta_date)} — {formatCents(box.total_cents)}
          </li>
        ))}
      </ul>
      {changed.length > 0 && (
        <p className="checkout-line__notice">
          {changed.length === 1 ? 'One price' : `${changed.length} prices`} changed since you added
          {changed.length === 1 ? ' it' : ' them'}; the order was charged today’s price.
        </p>
      )}
      {showRemoved && order.removed_products.length > 0 && (
        <div className="checkout__removed" role="note">
          <p>{checkoutMessages.productsRemoved}</p>
          <ul>
            {order.removed_products.map((product, index) => (
              <li key={`${product.variety_name}-${index}`}>
                {product.variety_name}: {product.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
