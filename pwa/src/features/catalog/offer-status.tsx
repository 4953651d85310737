import { boxesOffered, type VisibleCartLine } from '@stemline/shared';
import { StatusPill } from '../../ui';
import {
  hasHold,
  holdClock,
  holdStatus,
  ReservationCountdown,
  useHoldLeft,
} from '../cart/reservation-countdown';
import { useCartLine, useCatalogActions } from './catalog-actions';
import type { PriceRow } from './catalog-model';

/** Few enough boxes left that a buyer should know before the others do. */
const LOW_STOCK_BOXES = 3;

/** 'Sold out', 'Only 2 boxes left', '12 boxes': the boxes a row offers (spec §5), in words. */
export function stockText(boxes: number): string {
  if (boxes <= 0) return 'Sold out';
  const count = `${boxes} ${boxes === 1 ? 'box' : 'boxes'}`;
  return boxes <= LOW_STOCK_BOXES ? `Only ${count} left` : count;
}

/**
 * The boxes of a row still there for this buyer to add: what the catalogue last heard the row
 * offers, less the buyer's boxes the catalogue does not count yet: the whole line when it was
 * made after the stock was confirmed (`stockAsOf`, server clock), else the boxes the server has
 * not confirmed. Adding the last box makes it 0 at once, and it stays 0 until the stock is
 * confirmed again, so Add goes off and the card stops saying 'Only 1 box left' beside '1 in cart'.
 */
export function boxesLeft(
  row: PriceRow,
  line: VisibleCartLine | undefined,
  stockAsOf: number | undefined,
): number {
  if (!line) return boxesOffered(row.offer);
  const uncounted =
    stockAsOf !== undefined && line.added_at > stockAsOf ? line.boxes : line.pendingBoxes;
  return Math.max(0, boxesOffered(row.offer) - uncounted);
}

/**
 * Stock and reservation state of a price row at a glance: boxes offered, open market (held 30
 * minutes once in a cart), and what of it is already in the buyer's cart, pending or held.
 *
 * `compact` (a catalogue card, whose height is fixed): at most two items, so they fit the card's
 * two lines beside its Add button at any width: the stock, then either the cart's state with its
 * hold's time left in the same pill, or 'Open market' for a row not in the cart. All four side by
 * side took four lines in a card and ran over its farm line and out of the card.
 */
export function OfferStatus({ row, compact = false }: { row: PriceRow; compact?: boolean }) {
  const { stockAsOf } = useCatalogActions();
  const line = useCartLine(row.offer.inventory_key);
  const boxes = boxesLeft(row, line, stockAsOf);
  const stock = (
    <span
      className="offer-status__stock"
      data-level={boxes === 0 ? 'out' : boxes <= LOW_STOCK_BOXES ? 'low' : 'ok'}
    >
      {stockText(boxes)}
    </span>
  );
  const openMarket = row.offer.open_market && (
    <span className="offer-status__tag">Open market</span>
  );
  if (compact) {
    return (
      <div className="offer-status">
        {stock}
        {line ? <CartState line={line} compact /> : openMarket}
      </div>
    );
  }
  return (
    <div className="offer-status">
      {stock}
      {openMarket}
      {line && <CartState line={line} />}
      {line && hasHold(line) && <ReservationCountdown reservedUntil={line.reserved_until} />}
    </div>
  );
}

/**
 * What of a row is in the cart: '2 in cart', or '2 in cart, not synced yet' (pending: dashed, with
 * a clock). With `compact` (a card), short enough for the narrowest card's status (145 px): the
 * pending words and the word 'held' are read out but not shown (the pill's pending look and the
 * header's pending count show them), and a held line's hold (`hasHold`) ticks in the same pill:
 * '2 in cart · 29:58'.
 */
function CartState({ line, compact = false }: { line: VisibleCartLine; compact?: boolean }) {
  const pending = line.pendingBoxes > 0 || line.pendingChange === true;
  const held = compact && hasHold(line) && !pending;
  const left = useHoldLeft(held ? line.reserved_until : null);
  const inCart = `${line.boxes} in cart`;
  const words = (text: string) =>
    compact ? <span className="sl-visually-hidden">{text}</span> : text;
  if (pending) {
    return (
      <StatusPill status="pending">
        {inCart}
        {words(', not synced yet')}
      </StatusPill>
    );
  }
  if (left === null) return <StatusPill status="online">{inCart}</StatusPill>;
  return (
    <StatusPill status={holdStatus(left)}>
      {inCart} · {words('held for ')}
      {holdClock(left)}
    </StatusPill>
  );
}
