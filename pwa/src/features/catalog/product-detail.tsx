import { useState } from 'react';
import {
  disclaimersFor,
  farmMessages,
  openCustomBoxFor,
  type CatalogSnapshot,
  type Disclaimer,
} from '@stemline/shared';
import { Button, dotSeparated, ModalDialog } from '../../ui';
import { useCustomBoxes } from '../cart/use-custom-boxes';
import { useCatalogActions } from './catalog-actions';
import type { PriceRow, Product } from './catalog-model';
import { CountryFlag } from './country-flag';
import { DetailOfferRow } from './detail-offer-row';
import { growersByCountry } from './growers-by-country';
import { PreferredFarmTag } from './preferred-farm-tag';
import { VarietyImage } from './variety-image';

interface ProductDetailProps {
  product: Product;
  /** The rows the current filters keep; the dialog offers to show the others too. */
  filteredRows: readonly PriceRow[];
  snapshot: CatalogSnapshot;
  onClose: () => void;
}

/**
 * The product detail dialog: the variety's picture, tags, product note and disclaimers, then every
 * grower's offer grouped by country, each price row with its figures and Boxes + Add. A buyer's
 * open custom box of a grower on the chosen date leaves only its unused share for that grower's
 * rows' custom-box bunch count.
 */
export function ProductDetail({ product, filteredRows, snapshot, onClose }: ProductDetailProps) {
  const { variety } = product;
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? product.rows : filteredRows;
  const hidden = product.rows.length - filteredRows.length;
  const note = snapshot.productNotes[variety.key];
  const varietyDisclaimers = disclaimersFor(snapshot.disclaimers, variety);
  const { db, etaDate } = useCatalogActions();
  const customBoxes = useCustomBoxes(db);
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={variety.name}
      subtitle={dotSeparated([
        ...new Set([variety.product_group_name, variety.category_name, variety.color_name]),
      ])}
      size="lg"
      className="product-detail"
    >
      <div className="product-detail__summary">
        <VarietyImage variety={variety} className="product-detail__image" />
        <div className="product-detail__about">
          {variety.tags.length > 0 && (
            <ul className="product-detail__tags" aria-label="Tags">
              {variety.tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          )}
          {note !== undefined && (
            <p className="product-detail__note">
              <strong>Product note: </strong>
              {note}
            </p>
          )}
          <DisclaimerList disclaimers={varietyDisclaimers} />
        </div>
      </div>
      {hidden > 0 && (
        <p className="product-detail__hidden">
          {showAll
            ? 'Showing every offer of this date.'
            : `${hidden} more ${hidden === 1 ? 'offer is' : 'offers are'} hidden by your farm, country or length filters.`}{' '}
          <Button variant="quiet" size="sm" onPress={() => setShowAll(!showAll)}>
            {showAll ? 'Only offers that match my filters' : 'Show all offers'}
          </Button>
        </p>
      )}
      {product.blockedOffers > 0 && (
        <p className="product-detail__hidden" data-testid="blocked-farms-note">
          {farmMessages.blockedOffersHidden(product.blockedOffers)}
        </p>
      )}
      {growersByCountry(rows).map((country) => (
        <section
          key={country.country_iso}
          className="product-detail__country"
          aria-labelledby={`country-${country.country_iso}`}
        >
          <h3 id={`country-${country.country_iso}`} className="product-detail__country-name">
            <CountryFlag iso={country.country_iso} name={country.country_name} decorative />
            {country.country_name}
          </h3>
          {country.growers.map(({ grower, rows: growerRows }) => {
            const growerNote = snapshot.growerNotes[grower.key];
            const growerDisclaimers = disclaimersFor(
              snapshot.disclaimers,
              variety,
              grower.key,
            ).filter((disclaimer) => !varietyDisclaimers.includes(disclaimer));
            const headingId = `grower-${grower.key}`;
            const openBox =
              etaDate === null ? undefined : openCustomBoxFor(customBoxes, grower.key, etaDate);
            return (
              <section
                key={grower.key}
                className="product-detail__grower"
                aria-labelledby={headingId}
                data-testid={`grower-${grower.key}`}
              >
                <h4 id={headingId} className="product-detail__grower-name">
                  {grower.grower_name}
                  {growerRows[0]?.preferred && <PreferredFarmTag />}
                  {grower.importer && <span className="offer-status__tag">Importer</span>}
                </h4>
                {grower.importer && growerRows.some((row) => row.offer.open_market) && (
                  <p className="product-detail__warning">{farmMessages.importerOpenMarket}</p>
                )}
                {growerNote !== undefined && (
                  <p className="product-detail__note">
                    <strong>Grower note: </strong>
                    {growerNote}
                  </p>
                )}
                <DisclaimerList disclaimers={growerDisclaimers} />
                <ul className="offer-list">
                  {growerRows.map((row) => (
                    <DetailOfferRow
                      key={row.offer.inventory_key}
                      row={row}
                      product={product}
                      openBoxFill={openBox?.fill_percent}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
        </section>
      ))}
    </ModalDialog>
  );
}

function DisclaimerList({ disclaimers }: { disclaimers: readonly Disclaimer[] }) {
  if (disclaimers.length === 0) return null;
  return (
    <ul className="product-detail__disclaimers" aria-label="Disclaimers">
      {disclaimers.map((disclaimer) => (
        <li key={disclaimer.key}>
          <strong>{disclaimer.title}</strong> {disclaimer.description}
        </li>
      ))}
    </ul>
  );
}
