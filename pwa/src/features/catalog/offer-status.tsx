import { boxesOffered } from '@stemline/shared';
import { StatusPill } from '../../ui';
import { ReservationCountdown } from '../cart/reservation-countdown';
import { useCatalogActions } from './catalog-actions';
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
 * Stock and reservation state of a price row at a glance: boxes offered, open market (held 30
 * minutes once in a cart), and what of it is already in the buyer's cart, pending or held.
 */
export function OfferStatus({ row }: { row: PriceRow }) {
  const { cartByOffer } = useCatalogActions();
  const boxes = boxesOffered(row.offer);
  const line = cartByOffer.get(row.offer.inventory_key);
  return (
    <div className="offer-status">
      <span
        className="offer-status__stock"
        data-level={boxes === 0 ? 'out' : boxes <= LOW_STOCK_BOXES ? 'low' : 'ok'}
      >
        {stockText(boxes)}
      </span>
      {row.offer.open_market && <span className="offer-status__tag">Open market</span>}
      {line &&
        (line.pendingBoxes > 0 || line.pendingChange ? (
          <StatusPill status="pending">{line.boxes} in cart, not synced yet</StatusPill>
        ) : (
          <StatusPill status="online">{line.boxes} in cart</StatusPill>
        ))}
      {line?.open_market && <ReservationCountdown reservedUntil={line.reserved_until} />}
    </div>
  );
}
