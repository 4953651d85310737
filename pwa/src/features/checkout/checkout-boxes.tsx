import {
  checkoutMessages,
  customBoxCents,
  customBoxLabel,
  formatEtaDate,
  formatCents,
  type CheckoutReview,
  type OrderCustomBox,
  type VisibleCustomBox,
  stemLengthText,
} from '@stemline/shared';
import { dotSeparated, StatusPill } from '../../ui';

/**
 * The closed custom boxes checkout orders with the lines, each priced for all its boxes, at the
 * server's current prices when its review is in (a changed price says so), and a note for open
 * boxes, which stay in the cart until the buyer closes them.
 */
export function CheckoutBoxes({
  boxes,
  review,
}: {
  boxes: readonly VisibleCustomBox[];
  review: CheckoutReview | null;
}) {
  const closed = boxes.filter((box) => box.closed);
  const open = boxes.length - closed.length;
  const reviewed = new Map<string, OrderCustomBox>(
    review?.custom_boxes.map((box) => [box.box_key, box]) ?? [],
  );
  if (boxes.length === 0) return null;
  return (
    <section className="checkout__lines" aria-labelledby="checkout-boxes">
      <h2 id="checkout-boxes">Custom boxes</h2>
      {open > 0 && (
        <p className="checkout__removed" role="note" data-testid="open-boxes-note">
          {checkoutMessages.openBoxesStay(open)}
        </p>
      )}
      {closed.length > 0 && (
        <ul className="checkout__items">
          {closed.map((box) => (
            <CheckoutBox key={box.key} box={box} reviewed={reviewed.get(box.key)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CheckoutBox({
  box,
  reviewed,
}: {
  box: VisibleCustomBox;
  reviewed: OrderCustomBox | undefined;
}) {
  const changed = reviewed?.items.some((item) => item.price_changed) ?? false;
  return (
    <li
      className="checkout-line"
      data-testid="checkout-box"
      data-pending={box.pending || undefined}
    >
      <div className="checkout-line__body">
        <p className="checkout-line__name">{customBoxLabel(box)}</p>
        <p className="checkout-line__meta">
          {dotSeparated([
            box.country_iso,
            `arrives ${formatEtaDate(box.eta_date)}`,
            `${Math.round(box.fill_percent)}% full`,
          ])}
        </p>
        <ul className="checkout-box__items">
          {box.items.map((item) => {
            const priceCents =
              reviewed?.items.find((row) => row.inventory_key === item.inventory_key)
                ?.stem_price_cents ?? item.stem_price_cents;
            return (
              <li key={item.inventory_key}>
                {dotSeparated([
                  `${item.bunches} ${item.bunches === 1 ? 'bunch' : 'bunches'} ${item.variety_name}`,
                  stemLengthText(item.length),
                  `${formatCents(priceCents)}/${item.uom === 'bunch' ? 'bunch' : 'stem'}`,
                ])}
              </li>
            );
          })}
        </ul>
        {changed && (
          <p className="checkout-line__notice">
            Prices in this box changed since you filled it; you pay the new prices.
          </p>
        )}
        {box.pending && <StatusPill status="pending">Pending sync</StatusPill>}
      </div>
      <p className="checkout-line__total">
        {formatCents(reviewed?.total_cents ?? customBoxCents(box))}
      </p>
    </li>
  );
}
