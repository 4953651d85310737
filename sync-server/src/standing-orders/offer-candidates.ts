import type { Offer, StandingOrderItem } from '@stemline/shared';
import type { CatalogRepository } from '../catalog/catalog-repository';

/**
 * The price rows a standing-order line may come from on a delivery date, read live. A run reads
 * each delivery date's rows once to know which rows are the variety at that length (the offers
 * table has no index by variety), then reads those rows again by key inside the week's
 * transaction, so stock and price are the current ones when it takes the boxes.
 */
export function createOfferCandidates(catalog: CatalogRepository) {
  const byDate = new Map<number, Map<string, number[]>>();

  async function rowsOf(etaDate: number): Promise<Map<string, number[]>> {
    const known = byDate.get(etaDate);
    if (known) return known;
    const rows = new Map<string, number[]>();
    for (const offer of await catalog.offersForDate(etaDate)) {
      const key = varietyLength(offer.variety_key, offer.length);
      const list = rows.get(key);
      if (list) list.push(offer.inventory_key);
      else rows.set(key, [offer.inventory_key]);
    }
    byDate.set(etaDate, rows);
    return rows;
  }

  return {
    /**
     * The rows of the line's variety and length deliverable on `etaDate`, from its grower when
     * one is named, with their live stock and price.
     */
    async live(
      etaDate: number,
      item: Pick<StandingOrderItem, 'variety_key' | 'length' | 'grower_key'>,
    ): Promise<Offer[]> {
      const keys = (await rowsOf(etaDate)).get(varietyLength(item.variety_key, item.length)) ?? [];
      const offers: Offer[] = [];
      for (const key of keys) {
        const offer = await catalog.offer(key);
        if (!offer || offer.eta_from > etaDate || offer.eta_to < etaDate) continue;
        if (item.grower_key !== null && offer.grower_key !== item.grower_key) continue;
        offers.push(offer);
      }
      return offers;
    },
  };
}
export type OfferCandidates = ReturnType<typeof createOfferCandidates>;

function varietyLength(varietyKey: string, length: number): string {
  return `${varietyKey}\u0000${length}`;
}
