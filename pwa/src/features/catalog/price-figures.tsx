import { boxPrice, catalogMessages, formatUsd } from '@stemline/shared';
import { Button } from '../../ui';
import { useCatalogActions } from './catalog-actions';
import type { PriceRow } from './catalog-model';

/** The unit a row's unit price is for: a bunch when sold by the bunch, else a stem. */
export function priceUnit(row: PriceRow): 'bunch' | 'stem' {
  return row.offer.uom === 'bunch' ? 'bunch' : 'stem';
}

/**
 * The price hierarchy of a row: the unit price large, the box price beside it (spec §5: USD, two
 * decimals, thousands commas). Visitors get 'Log in to see prices' in the same place.
 */
export function PriceFigures({ row }: { row: PriceRow }) {
  const { pricesVisible, openLogin } = useCatalogActions();
  if (!pricesVisible) {
    return (
      <div className="price-figures">
        <Button variant="quiet" size="sm" onPress={openLogin} className="price-figures__login">
          {catalogMessages.logInToSeePrices}
        </Button>
      </div>
    );
  }
  const unit = priceUnit(row);
  return (
    <p className="price-figures">
      <span className="price-figures__unit">
        <strong className="price-figures__unit-price">{formatUsd(row.offer.stem_price)}</strong>
        <span className="price-figures__per"> / {unit}</span>
      </span>
      <span className="price-figures__box">
        {formatUsd(boxPrice(row.offer.stem_price, row.offer))}
        <span className="price-figures__per"> / box</span>
      </span>
    </p>
  );
}
