import { boxPriceCents, catalogMessages, formatCents } from '@stemline/shared';
import { CardButton } from './card-button';
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
        <CardButton
          variant="quiet"
          size="sm"
          onClick={() => openLogin('other')}
          className="price-figures__login"
        >
          {catalogMessages.logInToSeePrices}
        </CardButton>
      </div>
    );
  }
  const unit = priceUnit(row);
  const boxCents = boxPriceCents(row.offer.stem_price_cents, row.offer);
  return (
    <p className="price-figures">
      <span className="price-figures__unit">
        <strong className="price-figures__unit-price">{usd(row.offer.stem_price_cents)}</strong>
        <span className="price-figures__per"> / {unit}</span>
      </span>
      <span className="price-figures__box">
        {usd(boxCents)}
        <span className="price-figures__per"> / box</span>
      </span>
    </p>
  );
}

/** Formatted amounts, kept: Intl formatting is slow enough to show in a search keystroke. */
const formatted = new Map<number, string>();

function usd(cents: number): string {
  let text = formatted.get(cents);
  if (text === undefined) {
    // Prices of a catalogue repeat; the bound only guards against an unbounded mix of them.
    if (formatted.size > 20_000) formatted.clear();
    text = formatCents(cents);
    formatted.set(cents, text);
  }
  return text;
}
