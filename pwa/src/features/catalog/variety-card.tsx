import { memo } from 'react';
import {
  disclaimersFor,
  stemLengthText,
  type CatalogView,
  type Disclaimer,
} from '@stemline/shared';
import { dotSeparated } from '../../ui';
import { FavoriteToggle } from '../favorites/favorite-toggle';
import { AddToListButton } from '../shopping-lists/add-to-list-button';
import { useCatalogActions } from './catalog-actions';
import { CardButton } from './card-button';
import type { CatalogEntry } from './catalog-view';
import { CountryFlag } from './country-flag';
import { PreferredFarmTag } from './preferred-farm-tag';
import { OfferActions } from './offer-actions';
import { OfferStatus } from './offer-status';
import { PriceFigures } from './price-figures';
import { CARD_IMAGE_DELAY_MS, VarietyImage, type PictureMode } from './variety-image';

interface VarietyCardProps {
  entry: CatalogEntry;
  view: CatalogView;
  disclaimers: readonly Disclaimer[];
  /** `show` on screen; off screen (a row rendered around it), its swatch only: see PictureMode. */
  picture: PictureMode;
  /** In the list's first row: its picture is fetched first (VarietyImage's `lead`). */
  lead?: boolean;
}

/**
 * One variety of the list, image first: picture over its colour swatch, name (opens the detail),
 * group and colour, the best row's price per unit large and per box beside it, its farm with the
 * country's flag, stock and cart state, and Add for that row (Add to list on the picture). Its height is fixed by the
 * list, so nothing moves as data arrives.
 */
export const VarietyCard = memo(function VarietyCard({
  entry,
  view,
  disclaimers,
  picture,
  lead = false,
}: VarietyCardProps) {
  const { openDetails } = useCatalogActions();
  const { variety } = entry.product;
  const { best } = entry;
  const headingId = `variety-${entry.key}`;
  const otherFarms = entry.availableGrowers.length - 1;
  const badges = disclaimersFor(disclaimers, variety);
  return (
    <article className="variety-card" data-view={view} aria-labelledby={headingId}>
      <div className="variety-card__media">
        <VarietyImage
          variety={variety}
          delayMs={CARD_IMAGE_DELAY_MS}
          picture={picture}
          lead={lead}
        />
        <FavoriteToggle
          varietyKey={variety.key}
          varietyName={variety.name}
          className="favorite-toggle--overlay"
        />
        <AddToListButton row={best} variety={variety} compact />
        {badges.length > 0 && (
          <ul className="variety-card__badges" aria-label="Disclaimers">
            {badges.slice(0, 2).map((disclaimer) => (
              <li key={disclaimer.key}>{disclaimer.title}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="variety-card__body">
        <h3 id={headingId} className="variety-card__name">
          <CardButton
            variant="quiet"
            className="variety-card__open"
            aria-haspopup="dialog"
            onClick={() => openDetails(variety.key)}
          >
            {variety.name}
          </CardButton>
        </h3>
        <p className="variety-card__meta">
          <span className="variety-card__swatch" style={{ background: variety.color_code }} />
          {/* The length is never cut: a long group or colour gives way first ('…'). */}
          <span className="variety-card__facts">
            {dotSeparated([variety.product_group_name, variety.color_name])}
          </span>
          {best.offer.length > 0 && (
            <span className="variety-card__length">
              {`\u00a0·\u00a0${stemLengthText(best.offer.length)}`}
            </span>
          )}
        </p>
        <PriceFigures row={best} />
        <ul className="offer-list">
          <li className="offer-row" data-testid={`offer-${best.offer.inventory_key}`}>
            <p className="offer-row__grower">
              <CountryFlag iso={best.grower.country_iso} name={best.grower.country_name} />
              <span className="offer-row__grower-name">{best.grower.grower_name}</span>
              {best.preferred && <PreferredFarmTag short />}
              {otherFarms > 0 && (
                <span className="offer-row__more">
                  +{otherFarms} {otherFarms === 1 ? 'farm' : 'farms'}
                </span>
              )}
            </p>
            <OfferStatus row={best} compact />
            <OfferActions row={best} variety={variety} />
          </li>
        </ul>
      </div>
    </article>
  );
});
