import type { CatalogSnapshot, Variety } from '../schemas/catalog';
import type { Disclaimer } from '../schemas/catalog-entities';
import { boxesOffered } from './boxes';
import { disclaimersFor } from './disclaimers';

/**
 * How many entries a head leads with: a first screen's, with the rows around it (six grid
 * columns, the widest window, by eight rows).
 */
export const CATALOG_HEAD_ENTRIES = 48;

/**
 * The longest a page waits for its head's first screen before what waits on it goes ahead (the
 * whole copy's download, a first visit's welcome modal), in ms.
 */
export const CATALOG_HEAD_WAIT_MS = 2000;

/**
 * The head of a date's catalogue (issue 28): what a first visit's first screen needs, sent before
 * the whole copy so the first cards paint while it downloads.
 */
export interface CatalogHead {
  /**
   * The date's snapshot with only the varieties the default view lists first (with their offers,
   * growers, notes and the disclaimers that can apply to them): every available variety ranked at
   * or above the `count`-th available one.
   */
  snapshot: CatalogSnapshot;
  /** How many varieties the whole default view lists: the date's available varieties. */
  entryCount: number;
}

/**
 * The head of `snapshot` for the default view without farm preferences (a visitor's, whose order
 * is rank then name, spec §4): a variety is listed when one of its offers from a known grower
 * sells a whole box. The available varieties ranked at or above the `count`-th are kept, with any
 * that tie with it, so the view of the head starts with the same `count` entries, in the same
 * order, as the view of the whole copy.
 */
export function catalogHead(snapshot: CatalogSnapshot, count: number): CatalogHead {
  const growerKeys = new Set(snapshot.growers.map((grower) => grower.key));
  const listed = new Set<string>();
  for (const offer of snapshot.offers) {
    if (growerKeys.has(offer.grower_key) && boxesOffered(offer) > 0) listed.add(offer.variety_key);
  }
  const available = snapshot.varieties.filter((variety) => listed.has(variety.key));
  const ranks = available.map((variety) => variety.rank).sort((a, b) => a - b);
  const cutoff = ranks[Math.min(count, ranks.length) - 1] ?? Number.NEGATIVE_INFINITY;
  const varieties = available.filter((variety) => variety.rank <= cutoff);
  const varietyKeys = new Set(varieties.map((variety) => variety.key));
  // An offer of a grower the date does not list shows nowhere (and cannot be encoded).
  const offers = snapshot.offers.filter(
    (offer) => varietyKeys.has(offer.variety_key) && growerKeys.has(offer.grower_key),
  );
  const offerGrowers = new Set(offers.map((offer) => offer.grower_key));
  // Only the disclaimers a card of the head can show (a date's hundreds were nine tenths of a
  // head's bytes): a variety's own, and those of each grower offering it.
  const shown = new Set<Disclaimer>();
  const show = (variety: Variety, growerKey?: string): void => {
    for (const disclaimer of disclaimersFor(snapshot.disclaimers, variety, growerKey))
      shown.add(disclaimer);
  };
  const byKey = new Map(varieties.map((variety) => [variety.key, variety]));
  for (const variety of varieties) show(variety);
  for (const offer of offers) {
    const variety = byKey.get(offer.variety_key);
    if (variety) show(variety, offer.grower_key);
  }
  return {
    snapshot: {
      ...snapshot,
      varieties,
      offers,
      growers: snapshot.growers.filter((grower) => offerGrowers.has(grower.key)),
      productNotes: pick(snapshot.productNotes, varietyKeys),
      growerNotes: pick(snapshot.growerNotes, offerGrowers),
      disclaimers: snapshot.disclaimers.filter((disclaimer) => shown.has(disclaimer)),
    },
    entryCount: available.length,
  };
}

function pick(notes: Record<string, string>, keys: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(notes).filter(([key]) => keys.has(key)));
}
