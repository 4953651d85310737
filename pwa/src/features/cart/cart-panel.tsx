import {
  formatEtaDate,
  formatUsd,
  groupCartLines,
  roundCents,
  unitsPerBox,
} from '@stemline/shared';
import type { AccountDb } from '../../data/account-db';
import { Button, EmptyState, StatusPill } from '../../ui';
import type { VisibleCartLine } from './cart-overlay';
import { ReservationCountdown } from './reservation-countdown';
import type { CartView } from './use-cart';

/** The cart: lines grouped by arrival date, pending state per line, and the server's answers. */
export function CartPanel({ db, cart }: { db: AccountDb; cart: CartView }) {
  if (!cart.loaded) return <p className="cart__loading">Loading your cart…</p>;
  const groups = groupCartLines(cart.lines) as { eta_date: number; items: VisibleCartLine[] }[];
  const lastAdded = [...cart.lines].sort((a, b) => b.updated_at - a.updated_at)[0]?.key;
  const total = roundCents(cart.lines.reduce((sum, line) => sum + lineTotal(line), 0));

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title" className="cart__title">
        Your cart
      </h2>
      {cart.problems.length > 0 && (
        <ul className="cart__problems" aria-live="polite">
          {cart.problems.map((problem) => (
            <li key={problem.id} className="cart__problem" data-status={problem.status}>
              <span>
                <strong>
                  {String(
                    (problem.preview as { variety?: { name?: string } } | undefined)?.variety
                      ?.name ?? 'Item',
                  )}
                  :
                </strong>{' '}
                {problem.message}
              </span>
              <Button
                variant="quiet"
                size="sm"
                onPress={() => void db.mutations.findOne(problem.id).remove()}
              >
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      )}
      {groups.length === 0 ? (
        <EmptyState title="Your cart is empty">
          Add boxes from the catalog; they are held here, even offline.
        </EmptyState>
      ) : (
        groups.map((group) => (
          <div key={group.eta_date} className="cart__group">
            <h3 className="cart__date">Arrives {formatEtaDate(group.eta_date)}</h3>
            <ul className="cart__lines">
              {group.items.map((line) => (
                <CartLineRow key={line.key} line={line} highlighted={line.key === lastAdded} />
              ))}
            </ul>
          </div>
        ))
      )}
      {groups.length > 0 && (
        <p className="cart__total">
          Total <strong>{formatUsd(total)}</strong>
        </p>
      )}
    </section>
  );
}

function CartLineRow({ line, highlighted }: { line: VisibleCartLine; highlighted: boolean }) {
  const stems = line.boxes * line.bunches_in_box * line.stems_per_bunch;
  const perBunch =
    line.uom === 'bunch' ? line.stem_price : roundCents(line.stem_price * line.stems_per_bunch);
  const perBox = roundCents(line.stem_price * unitsPerBox(line));
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
        <p className="cart-line__name">
          {line.variety_name}{' '}
          <span className="cart-line__length">{line.length > 0 ? `${line.length} cm` : ''}</span>
        </p>
        <p className="cart-line__grower">
          {line.grower_name} · {line.country_iso}
        </p>
        <p className="cart-line__figures">
          {line.boxes} {line.boxes === 1 ? 'box' : 'boxes'} · {stems.toLocaleString('en-US')} stems
          · {formatUsd(line.stem_price)}/{line.uom === 'bunch' ? 'bunch' : 'stem'} ·{' '}
          {formatUsd(perBunch)}/bunch · {formatUsd(perBox)}/box
        </p>
        {line.price_at_add !== line.stem_price && (
          <p className="cart-line__notice">
            Price changed from {formatUsd(line.price_at_add)} since you added it.
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
          {line.open_market && <ReservationCountdown reservedUntil={line.reserved_until} />}
        </div>
      </div>
      <p className="cart-line__total">{formatUsd(lineTotal(line))}</p>
    </li>
  );
}

function lineTotal(line: VisibleCartLine): number {
  return roundCents(line.stem_price * unitsPerBox(line) * line.boxes);
}
