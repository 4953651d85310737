import type { CatalogSnapshot, Grower, Offer, Variety } from '@stemline/shared';

/** One price row a custom-box picker offers, with its flower. */
export interface FarmRow {
  offer: Offer;
  variety: Variety;
}

/** How many rows a picker lists at once; rows with bunches chosen are always among them. */
const ROWS_SHOWN = 40;

/**
 * The farms that can pack a custom box from `snapshot`: those with a regular (not open-market)
 * row that `packs`, by name. The cart's builder asks for bunches in stock; a standing order's
 * modal for any regular row, since each week is packed from that week's stock.
 */
export function boxFarms(
  snapshot: CatalogSnapshot | undefined,
  packs: (offer: Offer) => boolean = () => true,
): Grower[] {
  if (!snapshot) return [];
  const packing = new Set(
    snapshot.offers
      .filter((offer) => !offer.open_market && packs(offer))
      .map((offer) => offer.grower_key),
  );
  return snapshot.growers
    .filter((g) => packing.has(g.key))
    .sort((a, b) => a.grower_name.localeCompare(b.grower_name));
}

/** A farm's regular rows of `snapshot` with their flowers, by flower name, then length. */
export function farmRows(snapshot: CatalogSnapshot | undefined, growerKey?: string): FarmRow[] {
  if (!snapshot || growerKey === undefined) return [];
  const varieties = new Map(snapshot.varieties.map((v) => [v.key, v]));
  return snapshot.offers
    .filter((offer) => offer.grower_key === growerKey && !offer.open_market)
    .flatMap((offer) => {
      const variety = varieties.get(offer.variety_key);
      return variety ? [{ offer, variety }] : [];
    })
    .sort(
      (a, b) => a.variety.name.localeCompare(b.variety.name) || a.offer.length - b.offer.length,
    );
}

/**
 * The rows a picker lists: each row with bunches chosen, and those whose flower's name holds
 * every word of `query`; the first 40.
 */
export function shownRows(
  rows: readonly FarmRow[],
  bunches: ReadonlyMap<number, number>,
  query: string,
): FarmRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return rows
    .filter(
      ({ offer, variety }) =>
        bunches.has(offer.inventory_key) ||
        words.every(
          (w) => variety.search_name.includes(w) || variety.name.toLowerCase().includes(w),
        ),
    )
    .slice(0, ROWS_SHOWN);
}
