import { useState } from 'react';
import {
  type ActualAddress,
  boxesOfOption,
  cartLineCents,
  checkoutMessages,
  customBoxCents,
  formatCents,
  formatEtaDate,
  groupCartLines,
  guestMessages,
  lineName,
  MAX_BOXES_PER_PRICE_ROW,
  type VisibleCartLine,
  type VisibleCustomBox,
} from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';
import { NoticeList } from '../notices/notice-list';
import { Button, dotSeparated, EmptyState, StatusPill } from '../../ui';
import { useSession } from '../../session/use-session';
import { formatAddress, selectedAddressOf } from '../delivery/selected-address';
import { CartLineControls } from './cart-line-controls';
import { cartLineFigures } from './cart-line-figures';
import { CustomBoxBuilder } from './custom-box-builder';
import { CustomBoxList } from './custom-box-list';
import { mergeProblems } from './merge-problems';
import { hasHold, ReservationCountdown } from './reservation-countdown';
import type { CartView } from './use-cart';
import './cart-line.css';

/** What the cart shows: the buyer's account database, cart, custom boxes and notices. */
export interface CartPanelProps {
  db: AccountDb;
  cart: CartView;
  customBoxes: VisibleCustomBox[];
  notices: NoticeDoc[];
}

/** The cart: lines grouped by arrival date, pending state per line, and the server's answers. */
export function CartPanel({ db, cart, customBoxes, notices }: CartPanelProps) {
  const [building, setBuilding] = useState(false);
  const session = useSession();
  if (!cart.loaded) return <p className="cart__loading">Loading your cart…</p>;
  const lineGroups = groupCartLines(cart.lines) as { eta_date: number; items: VisibleCartLine[] }[];
  const dates = [
    ...new Set([...lineGroups.map((g) => g.eta_date), ...customBoxes.map((b) => b.eta_date)]),
  ].sort((a, b) => a - b);
  const lastAdded = [...cart.lines].sort((a, b) => b.updated_at - a.updated_at)[0]?.key;
  // A line added without an address (before lines carried one) ships to the address selected
  // now, as checkout splits the order (shipmentAddresses): it says so like the others.
  const selected = session ? selectedAddressOf(session.user) : null;
  const totalCents =
    cart.lines.reduce((sum, line) => sum + cartLineCents(line), 0) +
    customBoxes.reduce((sum, box) => sum + customBoxCents(box), 0);

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title" className="sl-visually-hidden">
        Your cart
      </h2>
      <NoticeList db={db} notices={notices} />
      {cart.problems.length > 0 && (
        <ul className="cart__problems sl-message-list" aria-live="polite">
          {mergeProblems(cart.problems).map((problem) => (
            <li
              key={problem.id}
              className="cart__problem sl-message-row"
              data-status={problem.status}
              data-tone={problem.status === 'rejected' ? 'danger' : 'warning'}
            >
              <span>
                <strong>{problem.subject}:</strong> {problem.message}
                {problem.ids.length > 1 ? ` (×${problem.ids.length})` : ''}
              </span>
              <Button
                variant="quiet"
                size="sm"
                onPress={() => void db.mutations.bulkRemove(problem.ids)}
              >
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="cart__actions">
        <Button variant="secondary" size="sm" onPress={() => setBuilding(true)}>
          Build a custom box
        </Button>
      </div>
      {building && <CustomBoxBuilder db={db} isOpen={building} onOpenChange={setBuilding} />}
      {dates.length === 0 ? (
        <EmptyState title="Your cart is empty">
          Add boxes from the catalog; they are held here, even offline.
        </EmptyState>
      ) : (
        dates.map((date) => (
          <div key={date} className="cart__group">
            <h3 className="cart__date">Arrives {formatEtaDate(date)}</h3>
            <ul className="cart__lines">
              {(lineGroups.find((group) => group.eta_date === date)?.items ?? []).map((line) => (
                <CartLineRow
                  key={line.key}
                  db={db}
                  line={line}
                  shipTo={line.ship_to ?? selected}
                  maxBoxes={
                    MAX_BOXES_PER_PRICE_ROW -
                    (boxesOfOption(cart.lines, line.inventory_key, line.eta_date) - line.boxes)
                  }
                  highlighted={line.key === lastAdded}
                />
              ))}
            </ul>
            <CustomBoxList db={db} boxes={customBoxes.filter((box) => box.eta_date === date)} />
          </div>
        ))
      )}
      {dates.length > 0 && (
        <p className="cart__total">
          Total <strong>{formatCents(totalCents)}</strong>
        </p>
      )}
    </section>
  );
}

function CartLineRow({
  db,
  line,
  shipTo,
  maxBoxes,
  highlighted,
}: {
  db: AccountDb;
  line: VisibleCartLine;
  /** Where the line goes: its own address, else the one selected now. */
  shipTo: ActualAddress | null;
  /** The 30-box cap less the boxes of the same row and day on the cart's other lines. */
  maxBoxes: number;
  highlighted: boolean;
}) {
  return (
    <li
      className="cart-line"
      data-highlighted={highlighted || undefined}
      data-pending={line.pendingBoxes > 0 || undefined}
    >
      <span
        className="cart-line__swatch"
        style={{ background: line.color_code }}
        aria-hidden="true"
      />
      <div className="cart-line__body">
        <p className="cart-line__name">{lineName(line.variety_name, line.length)}</p>
        <p className="cart-line__grower">{dotSeparated([line.grower_name, line.country_iso])}</p>
        {shipTo && (
          <p className="cart-line__grower" data-testid="line-ship-to">
            {checkoutMessages.shipsTo} {formatAddress(shipTo)}
          </p>
        )}
        <p className="cart-line__figures">{cartLineFigures(line)}</p>
        {line.price_at_add_cents !== line.stem_price_cents && (
          <p className="cart-line__notice">
            Price changed from {formatCents(line.price_at_add_cents)} since you added it.
          </p>
        )}
        <div className="cart-line__status">
          {line.pendingBoxes > 0 && (
            <StatusPill status="pending">
              {line.pendingBoxes === line.boxes
                ? 'Pending sync'
                : `${line.pendingBoxes} pending sync`}
            </StatusPill>
          )}
          {line.pendingChange && line.pendingBoxes === 0 && (
            <StatusPill status="pending">Change pending sync</StatusPill>
          )}
          {hasHold(line) && <ReservationCountdown reservedUntil={line.reserved_until} />}
        </div>
        {!line.open_market && line.reserved_until !== null && (
          <p className="cart-line__notice">{guestMessages.heldUntilConfirmed}</p>
        )}
        <CartLineControls db={db} line={line} maxBoxes={maxBoxes} />
      </div>
      <p className="cart-line__total">{formatCents(cartLineCents(line))}</p>
    </li>
  );
}
