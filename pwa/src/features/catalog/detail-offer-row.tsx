import type { ReactNode } from 'react';
import {
  boxesOffered,
  boxPriceCents,
  bunchesInStock,
  catalogMessages,
  customBoxBunchCount,
  formatEtaDate,
  formatCents,
  percentPerBunch,
} from '@stemline/shared';
import { Button } from '../../ui';
import { useCatalogActions } from './catalog-actions';
import type { PriceRow, Product } from './catalog-model';
import { DetailOfferActions } from './detail-offer-actions';
import { OfferStatus } from './offer-status';
import { priceUnit } from './price-figures';

/**
 * One price row in the product detail, with the figures of spec §3 and §5: length, stems per
 * bunch, packing date, boxes offered, unit and box price, and the bunches a custom box can take
 * (open-market rows sell full boxes only). Each figure carries `data-figure` naming it.
 * `openBoxFill` is the fill, in percent, of the buyer's open custom box of this row's grower on
 * the chosen date: the bunch count is then what still fits in that box (spec §5), else what fits
 * in a new one.
 */
export function DetailOfferRow({
  row,
  product,
  openBoxFill,
}: {
  row: PriceRow;
  product: Product;
  openBoxFill?: number | undefined;
}) {
  const { pricesVisible, openLogin } = useCatalogActions();
  const { offer } = row;
  const unit = priceUnit(row);
  const customBunches = customBoxBunchCount({
    filledPercentage: openBoxFill ?? 0,
    percentPerBunch: percentPerBunch(offer),
    bunchesInStock: bunchesInStock(offer),
  });
  return (
    <li className="offer-row offer-row--detail" data-testid={`offer-${offer.inventory_key}`}>
      <dl className="offer-row__facts">
        <Fact term="Length" figure="length">
          {offer.length > 0 ? `${offer.length} cm` : '—'}
        </Fact>
        <Fact term="Stems per bunch" figure="stems-per-bunch">
          {offer.stems_per_bunch}
        </Fact>
        <Fact term="Packed" figure="packing-date">
          {formatEtaDate(offer.packing_date)}
        </Fact>
        <Fact term="Boxes offered" figure="boxes-offered">
          {boxesOffered(offer)}
        </Fact>
        {pricesVisible ? (
          <>
            <Fact term={`Per ${unit}`} figure="unit-price" emphasis>
              {formatCents(offer.stem_price_cents)}
            </Fact>
            <Fact term="Per box" figure="box-price">
              {formatCents(boxPriceCents(offer.stem_price_cents, offer))}
            </Fact>
          </>
        ) : (
          <div className="offer-row__fact offer-row__fact--wide">
            <dt>Prices</dt>
            <dd>
              <Button variant="quiet" size="sm" onPress={() => openLogin('other')}>
                {catalogMessages.logInToSeePrices}
              </Button>
            </dd>
          </div>
        )}
        <Fact term="Custom box" figure="custom-box">
          {offer.open_market
            ? 'Full boxes only'
            : openBoxFill === undefined
              ? `Up to ${customBunches} ${customBunches === 1 ? 'bunch' : 'bunches'}`
              : `${customBunches} ${customBunches === 1 ? 'bunch fits' : 'bunches fit'} in your open box (${Math.round(openBoxFill)}% full)`}
        </Fact>
      </dl>
      <OfferStatus row={row} />
      <DetailOfferActions row={row} variety={product.variety} />
    </li>
  );
}

function Fact({
  term,
  figure,
  emphasis = false,
  children,
}: {
  term: string;
  figure: string;
  emphasis?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="offer-row__fact" data-emphasis={emphasis || undefined}>
      <dt>{term}</dt>
      <dd data-figure={figure}>{children}</dd>
    </div>
  );
}
