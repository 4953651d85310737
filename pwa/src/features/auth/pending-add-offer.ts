import {
  boxesOffered,
  type CatalogSnapshot,
  type Grower,
  type Offer,
  type Variety,
} from '@stemline/shared';
import type { PendingAdd } from '../catalog/pending-add';

/** A price row of the buyer's catalogue, as an add to cart draws it before the server answers. */
export interface PendingAddRow {
  offer: Offer;
  variety: Variety;
  grower: Grower;
}

/**
 * The price row a pending add names in the buyer's catalogue of the delivery date: the row
 * itself (its inventory key) while it still has a box, else the same variety, farm and length
 * with the most boxes (a date the buyer chose after logging in has rows of its own); null when
 * the date offers no box of it.
 */
export function pendingAddRow(snapshot: CatalogSnapshot, add: PendingAdd): PendingAddRow | null {
  const offers = snapshot.offers.filter(
    (offer) =>
      offer.variety_key === add.varietyKey &&
      offer.grower_key === add.growerKey &&
      offer.length === add.length &&
      boxesOffered(offer) > 0,
  );
  const offer =
    offers.find((candidate) => candidate.inventory_key === add.inventoryKey) ??
    offers.sort((a, b) => boxesOffered(b) - boxesOffered(a))[0];
  const variety = snapshot.varieties.find((candidate) => candidate.key === add.varietyKey);
  const grower = snapshot.growers.find((candidate) => candidate.key === add.growerKey);
  return offer && variety && grower ? { offer, variety, grower } : null;
}
