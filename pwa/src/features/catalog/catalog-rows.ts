import type { CatalogView, Grower } from '@stemline/shared';
import type { CatalogEntry } from './catalog-view';

/** The fixed geometry of the list at a width: every row's height is known before it renders. */
export interface CatalogLayout {
  columns: number;
  /** Height of a card (grid) or a row (list), in px, without the gap below it. */
  rowHeight: number;
  /** Height of a farm heading row, in px, gap included. */
  farmHeight: number;
  gap: number;
  /** List rows lay out in one line (catalog.css `.catalog-list[data-wide]`). */
  wide: boolean;
  /** Changes whenever a height or the column count does. */
  signature: string;
}

export const GRID_CARD_MIN_WIDTH = 248;
export const GRID_CARD_HEIGHT = 368;
/** A list row lays out in one line from this width; narrower, it stacks like a short card. */
export const LIST_WIDE_FROM = 720;
export const LIST_ROW_HEIGHT_WIDE = 140;
/**
 * Room for a narrow row's price on two lines (unit price, then box price: at a 360 px phone they
 * do not fit one) and for its status on two lines beside Add (OfferStatus compact); at 208 the
 * Add button was cut off at the row's foot on a 360 px phone.
 */
export const LIST_ROW_HEIGHT_NARROW = 232;
const FARM_HEADING_HEIGHT = 64;
const GAP = 16;

/** The list's geometry for a view at a container width (0 while not yet measured). */
export function catalogLayout(view: CatalogView, width: number): CatalogLayout {
  const columns =
    view === 'grid' ? Math.max(1, Math.floor((width + GAP) / (GRID_CARD_MIN_WIDTH + GAP))) : 1;
  const wide = view === 'list' && width >= LIST_WIDE_FROM;
  const rowHeight =
    view === 'grid' ? GRID_CARD_HEIGHT : wide ? LIST_ROW_HEIGHT_WIDE : LIST_ROW_HEIGHT_NARROW;
  return {
    columns,
    rowHeight,
    farmHeight: FARM_HEADING_HEIGHT,
    gap: GAP,
    wide,
    signature: `${view}-${columns}-${rowHeight}`,
  };
}

export type CatalogRow =
  | { kind: 'farm'; key: string; farm: Grower; count: number }
  | { kind: 'cards'; key: string; entries: CatalogEntry[] };

/**
 * The entries cut into rows of `columns` cards. By farm (entries with a farm), each farm starts
 * with a heading row and its cards start a new row.
 */
export function catalogRows(entries: readonly CatalogEntry[], columns: number): CatalogRow[] {
  const rows: CatalogRow[] = [];
  let cards: CatalogEntry[] = [];
  let heading: { kind: 'farm'; key: string; farm: Grower; count: number } | null = null;
  for (const entry of entries) {
    const farmChanged = entry.farm !== null && entry.farm.key !== heading?.farm.key;
    if (cards.length === columns || (farmChanged && cards.length > 0)) {
      rows.push({ kind: 'cards', key: cards[0]?.key ?? '', entries: cards });
      cards = [];
    }
    if (farmChanged && entry.farm) {
      heading = { kind: 'farm', key: `farm:${entry.farm.key}`, farm: entry.farm, count: 0 };
      rows.push(heading);
    }
    if (heading) heading.count += 1;
    cards.push(entry);
  }
  if (cards.length > 0) rows.push({ kind: 'cards', key: cards[0]?.key ?? '', entries: cards });
  return rows;
}
