import { useState } from 'react';
import { boxPrice, boxesOffered, formatUsd, messages } from '@stemline/shared';
import type { AccountDb } from '../../data/account-db';
import { Button, NumberField, showToast } from '../../ui';
import { enqueueAddToCart } from '../cart/enqueue-add-to-cart';
import type { CatalogItem } from './catalog-model';

const OFFERS_SHOWN = 3;

interface VarietyCardProps {
  item: CatalogItem;
  etaDate: number;
  db: AccountDb | null;
  onNeedLogin: () => void;
}

/** One variety: swatch, names, and its cheapest per-grower price rows with add-to-cart. */
export function VarietyCard({ item, etaDate, db, onNeedLogin }: VarietyCardProps) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? item.offers : item.offers.slice(0, OFFERS_SHOWN);
  const headingId = `variety-${item.variety.key}`;
  return (
    <article className="variety-card" aria-labelledby={headingId}>
      <div
        className="variety-card__media"
        style={{ background: item.variety.color_code }}
        aria-hidden="true"
      />
      <div className="variety-card__body">
        <h3 id={headingId} className="variety-card__name">
          {item.variety.name}
        </h3>
        <p className="variety-card__meta">
          {item.variety.product_group_name} · {item.variety.color_name}
        </p>
        <p className="variety-card__from">
          from <strong>{formatUsd(item.minPrice)}</strong> / stem
        </p>
        <ul className="offer-list">
          {shown.map(({ offer, grower }) => (
            <OfferRow
              key={offer.inventory_key}
              item={item}
              entry={{ offer, grower }}
              etaDate={etaDate}
              db={db}
              onNeedLogin={onNeedLogin}
            />
          ))}
        </ul>
        {item.offers.length > OFFERS_SHOWN && (
          <Button variant="quiet" size="sm" onPress={() => setExpanded(!expanded)}>
            {expanded ? 'Show fewer growers' : `Show ${item.offers.length - OFFERS_SHOWN} more`}
          </Button>
        )}
      </div>
    </article>
  );
}

function OfferRow({
  item,
  entry,
  etaDate,
  db,
  onNeedLogin,
}: VarietyCardProps & { entry: CatalogItem['offers'][number] }) {
  const { offer, grower } = entry;
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const offered = boxesOffered(offer);
  const label = `${item.variety.name} ${offer.length > 0 ? `${offer.length} cm ` : ''}from ${grower.grower_name}`;

  const add = async (): Promise<void> => {
    if (!db) return onNeedLogin();
    setAdding(true);
    try {
      await enqueueAddToCart(db, { offer, variety: item.variety, grower }, etaDate, quantity);
      showToast({
        title: messages.addToCartSuccess,
        variant: 'success',
        description: navigator.onLine
          ? undefined
          : 'Saved on this device; it syncs when you are back online.',
      });
    } catch (error) {
      showToast({
        title: messages.addToCartError,
        variant: 'error',
        description: isQuotaError(error)
          ? 'This device is out of storage space. Free some space and try again.'
          : undefined,
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <li className="offer-row" data-testid={`offer-${offer.inventory_key}`}>
      <div className="offer-row__grower">
        <span className="offer-row__country" aria-label={grower.country_name}>
          {grower.country_iso}
        </span>{' '}
        {grower.grower_name}
      </div>
      <div className="offer-row__figures">
        <span>{offer.length > 0 ? `${offer.length} cm` : '—'}</span>
        <span>
          <strong className="offer-row__stem-price">{formatUsd(offer.stem_price)}</strong>/
          {offer.uom === 'bunch' ? 'bunch' : 'stem'}
        </span>
        <span className="offer-row__box-price">
          {formatUsd(boxPrice(offer.stem_price, offer))}/box
        </span>
        <span className="offer-row__stock">
          {offered === 0 ? 'Sold out' : `${offered} ${offered === 1 ? 'box' : 'boxes'}`}
          {offer.open_market ? ' · open market' : ''}
        </span>
      </div>
      <div className="offer-row__actions">
        <NumberField
          label="Boxes"
          aria-label={`Boxes of ${label}`}
          minValue={1}
          maxValue={Math.max(1, offered)}
          value={quantity}
          onChange={(value) => setQuantity(Number.isNaN(value) ? 1 : value)}
          isDisabled={offered === 0}
        />
        <Button
          size="sm"
          onPress={() => void add()}
          isPending={adding}
          isDisabled={offered === 0}
          aria-label={`Add ${label} to cart`}
        >
          Add
        </Button>
      </div>
    </li>
  );
}

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && /quota/i.test(`${error.name} ${error.message}`);
}
