import {
  type ActualAddress,
  checkoutMessages,
  type CheckoutReview,
  formatCount,
  formatEtaDate,
  formatCents,
  groupCartLines,
  lineName,
  orderLineCents,
  type ReviewLine,
  type VisibleCartLine,
} from '@stemline/shared';
import { dotSeparated, StatusPill } from '../../ui';
import { useSession } from '../../session/use-session';
import { formatAddress, selectedAddressOf } from '../delivery/selected-address';

/**
 * The cart as checkout will order it, grouped by arrival date. With the server's review it
 * shows today's price where it changed since adding, and the products that would be removed.
 */
export function CheckoutLines({
  lines,
  review,
}: {
  lines: readonly VisibleCartLine[];
  review: CheckoutReview | null;
}) {
  const session = useSession();
  // A line added without an address (before lines carried one) ships to the address selected
  // now, as the order is split (shipmentAddresses): it says so like the others.
  const selected = session ? selectedAddressOf(session.user) : null;
  const reviewed = new Map<string, ReviewLine>(review?.lines.map((line) => [line.key, line]) ?? []);
  const groups = groupCartLines(lines) as { eta_date: number; items: VisibleCartLine[] }[];
  return (
    <section className="checkout__lines" aria-labelledby="checkout-review">
      <h2 id="checkout-review">Your order</h2>
      {review && review.removed_products.length > 0 && (
        <div className="checkout__removed" role="note">
          <p>
            <strong>These products can no longer be ordered</strong> and will be removed from your
            cart when you place the order:
          </p>
          <ul>
            {review.removed_products.map((product, index) => (
              <li key={`${product.variety_name}-${index}`}>
                {product.variety_name} ({product.boxes} {product.boxes === 1 ? 'box' : 'boxes'},{' '}
                {formatEtaDate(product.eta_date)}): {product.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {groups.map((group) => (
        <div key={group.eta_date} className="checkout__group">
          <h3 className="checkout__date">Arrives {formatEtaDate(group.eta_date)}</h3>
          <ul className="checkout__items">
            {group.items.map((line) => (
              <CheckoutLine
                key={line.key}
                line={line}
                shipTo={line.ship_to ?? selected}
                reviewed={reviewed.get(line.key)}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function CheckoutLine({
  line,
  shipTo,
  reviewed,
}: {
  line: VisibleCartLine;
  shipTo: ActualAddress | null;
  reviewed: ReviewLine | undefined;
}) {
  const unit = line.uom === 'bunch' ? 'bunch' : 'stem';
  const priceCents = reviewed?.stem_price_cents ?? line.stem_price_cents;
  const totalCents = reviewed?.total_cents ?? orderLineCents(line);
  const stems = line.boxes * line.bunches_in_box * line.stems_per_bunch;
  return (
    <li className="checkout-line" data-pending={line.pendingBoxes > 0 || undefined}>
      <span
        className="checkout-line__swatch"
        style={{ background: line.color_code }}
        aria-hidden="true"
      />
      <div className="checkout-line__body">
        <p className="checkout-line__name">{lineName(line.variety_name, line.length)}</p>
        <p className="checkout-line__meta">{dotSeparated([line.grower_name, line.country_iso])}</p>
        {shipTo && (
          <p className="checkout-line__meta" data-testid="line-ship-to">
            {checkoutMessages.shipsTo} {formatAddress(shipTo)}
          </p>
        )}
        <p className="checkout-line__figures">
          {dotSeparated([
            `${line.boxes} ${line.boxes === 1 ? 'box' : 'boxes'}`,
            `${formatCount(stems)} stems`,
            `${formatCents(priceCents)}/${unit}`,
          ])}
        </p>
        {reviewed?.price_changed && (
          <p className="checkout-line__notice">
            Price changed from {formatCents(reviewed.cart_price_cents)} to{' '}
            {formatCents(reviewed.stem_price_cents)} per {unit}; you pay the new price.
          </p>
        )}
        {line.pendingBoxes > 0 && <StatusPill status="pending">Pending sync</StatusPill>}
      </div>
      <p className="checkout-line__total">{formatCents(totalCents)}</p>
    </li>
  );
}
