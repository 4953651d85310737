import type { Dispatch, SetStateAction } from 'react';
import {
  customBoxBunchCount,
  formatCents,
  lineName,
  percentPerBunch,
  type Offer,
  type Variety,
} from '@stemline/shared';
import { dotSeparated, NumberField } from '../../ui';
import { withBunchCount } from './bunch-counts';

interface BunchRowProps {
  offer: Offer;
  variety: Variety;
  /** Bunches chosen per price row; this row reads and sets its own. */
  bunches: ReadonlyMap<number, number>;
  setBunches: Dispatch<SetStateAction<Map<number, number>>>;
  /** How full the box is now (percent), this row's bunches included. */
  fill: number;
  /** The most bunches of this row the box may take from stock. */
  bunchesInStock: number;
  /** Show the row's price (the cart's box is bought now; a standing one is priced each week). */
  priced?: boolean;
}

/**
 * One row of a custom-box picker: the flower's swatch and name, its bunch size and share of a
 * box, and a Bunches field that never offers more than fits the box or the stock. Listed by
 * `BunchList` in both custom-box pickers.
 */
export function BunchRow({
  offer,
  variety,
  bunches,
  setBunches,
  fill,
  bunchesInStock,
  priced = false,
}: BunchRowProps) {
  const held = bunches.get(offer.inventory_key) ?? 0;
  const perBunch = percentPerBunch(offer);
  const room = customBoxBunchCount({
    filledPercentage: fill - held * perBunch,
    percentPerBunch: perBunch,
    bunchesInStock,
  });
  const name = `${variety.name}${offer.length > 0 ? ` ${offer.length} cm` : ''}`;
  return (
    <li className="custom-box-builder__row">
      <span
        className="cart-line__swatch"
        style={{ background: variety.color_code }}
        aria-hidden="true"
      />
      <span>
        <strong>{lineName(variety.name, offer.length)}</strong>
        <br />
        <small>
          {dotSeparated([
            priced &&
              `${formatCents(offer.stem_price_cents)}/${offer.uom === 'bunch' ? 'bunch' : 'stem'}`,
            `${offer.stems_per_bunch} stems a bunch`,
            `${Math.round(perBunch * 10) / 10}% of a box each`,
          ])}
        </small>
      </span>
      <NumberField
        label="Bunches"
        aria-label={`Bunches of ${name}`}
        minValue={0}
        maxValue={Math.max(held, room)}
        value={held}
        onChange={(value) => setBunches((prev) => withBunchCount(prev, offer.inventory_key, value))}
      />
    </li>
  );
}
