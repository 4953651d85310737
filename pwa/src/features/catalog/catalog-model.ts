import type { CatalogSnapshot, Grower, Offer, Variety } from '@stemline/shared';

export interface CatalogItem {
  variety: Variety;
  offers: { offer: Offer; grower: Grower }[];
  minPrice: number;
}

/**
 * Joins a snapshot into display items: each variety with its price rows (cheapest first) and
 * their growers. A variety without an offer of a known grower is not available and not listed.
 */
export function buildCatalogItems(snapshot: CatalogSnapshot): CatalogItem[] {
  const growers = new Map(snapshot.growers.map((grower) => [grower.key, grower]));
  const offersByVariety = new Map<string, { offer: Offer; grower: Grower }[]>();
  for (const offer of snapshot.offers) {
    const grower = growers.get(offer.grower_key);
    if (!grower) continue;
    const list = offersByVariety.get(offer.variety_key) ?? [];
    list.push({ offer, grower });
    offersByVariety.set(offer.variety_key, list);
  }
  const items: CatalogItem[] = [];
  for (const variety of snapshot.varieties) {
    const offers = offersByVariety.get(variety.key);
    if (!offers || offers.length === 0) continue;
    offers.sort((a, b) => a.offer.stem_price - b.offer.stem_price);
    items.push({ variety, offers, minPrice: offers[0]?.offer.stem_price ?? 0 });
  }
  return items;
}

/** Items whose variety, group, colour, tags or growers contain every word of the query. */
export function filterCatalogItems(items: readonly CatalogItem[], query: string): CatalogItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = [
      item.variety.search_name,
      item.variety.name,
      item.variety.product_group_name,
      item.variety.color_name,
      ...item.variety.tags,
      ...item.offers.map((entry) => entry.grower.grower_name),
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
