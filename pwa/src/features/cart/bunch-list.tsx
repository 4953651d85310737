import type { Dispatch, SetStateAction } from 'react';
import { stemlineMessages, type Offer } from '@stemline/shared';
import { Meter, TextField } from '../../ui';
import { BunchRow } from './bunch-row';
import type { FarmRow } from './farm-rows';

interface BunchListProps {
  /** The rows to list (see `shownRows`). */
  rows: readonly FarmRow[];
  bunches: ReadonlyMap<number, number>;
  setBunches: Dispatch<SetStateAction<Map<number, number>>>;
  /** How full the box is (percent). */
  fill: number;
  query: string;
  setQuery: (query: string) => void;
  /** The most bunches of a row the box may take from stock. */
  stockOf: (offer: Offer) => number;
  /** Show each row's price. */
  priced?: boolean;
}

/**
 * The body of a custom-box picker: how full the box is (and the alert when it is over 100%),
 * the flower search, and a `BunchRow` per listed row. Used by the cart's custom-box builder and
 * the standing order's custom-box modal.
 */
export function BunchList({
  rows,
  bunches,
  setBunches,
  fill,
  query,
  setQuery,
  stockOf,
  priced = false,
}: BunchListProps) {
  return (
    <>
      <Meter label="Box filled" value={fill} maxValue={100} valueLabel={`${fill}%`} />
      {fill > 100 && <p role="alert">{stemlineMessages.boxFull(Math.round(fill))}</p>}
      <TextField label="Find a flower" type="search" value={query} onChange={setQuery} />
      <ul className="custom-box-builder__rows">
        {rows.map(({ offer, variety }) => (
          <BunchRow
            key={offer.inventory_key}
            offer={offer}
            variety={variety}
            bunches={bunches}
            setBunches={setBunches}
            fill={fill}
            bunchesInStock={stockOf(offer)}
            priced={priced}
          />
        ))}
      </ul>
    </>
  );
}
