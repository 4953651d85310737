import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { catalogMessages, type CatalogView } from '@stemline/shared';
import { CountryFlag } from './country-flag';
import { catalogLayout, catalogRows, type CatalogLayout } from './catalog-rows';
import type { CatalogEntry } from './catalog-view';
import { ServerWidthContext } from './use-media-query';
import type { PictureMode } from './variety-image';

interface CatalogListProps {
  entries: readonly CatalogEntry[];
  view: CatalogView;
  /** Changes when the view changes in a way that should bring the list back to its top. */
  resetKey: string;
  /**
   * `picture`: what the card does with its picture, from where its row is (see PictureMode);
   * `lead`: the card is in the list's first row of cards.
   */
  renderEntry: (entry: CatalogEntry, picture: PictureMode, lead: boolean) => ReactNode;
}

/** Space kept above the list when scrolling it back to its top, for the sticky app header. */
const HEADER_ALLOWANCE = 96;
/** Rows rendered beyond each edge of the screen, so scrolling shows cards at once. */
const OVERSCAN_ROWS = 2;
/** How long the entries stay the same before those rows render (a pause in typing). */
const OVERSCAN_AFTER_MS = 200;

/**
 * The catalogue list, windowed: only the rows on screen (and a few around) are in the page, so
 * 11,000 varieties scroll and re-sort smoothly. The window scrolls, not the list. Rows have fixed
 * heights from `catalogLayout`, so nothing moves as cards render; by farm, a heading row starts
 * each farm.
 */
export const CatalogList = memo(function CatalogList({
  entries,
  view,
  resetKey,
  renderEntry,
}: CatalogListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offsetTop, setOffsetTop] = useState(0);

  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    // Resize observers call back after layout, so these reads force none.
    const measure = () => {
      setWidth(element.clientWidth);
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setOffsetTop((previous) => (previous === top ? previous : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Content above the list (alerts, the stock age) moves it without resizing it.
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const layout = useMemo(() => catalogLayout(view, width), [view, width]);
  // No rows until the width is known (the layout effect below measures it before the first
  // paint): cut for a width of 0, every card would render in one column and then again.
  const measured = width > 0;
  const rows = useMemo(
    () => (measured ? catalogRows(entries, layout.columns) : []),
    [measured, entries, layout.columns],
  );
  // The virtualizer keys rows by their place (the index, its default), and lays them out again
  // when this function changes, i.e. with `rows` (a farm heading and a card row differ in
  // height). A number, not a string naming the row: it makes a key for every row, 11,000 on a
  // phone's full catalogue, and strings cost a long task in allocation and collection.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per rows and layout
  const getItemKey = useCallback((index: number) => index, [rows, layout.signature]);
  // Rows off screen wait until the entries stay put: a search keystroke renders, lays out and
  // paints only the cards the buyer sees, and the rows around them follow when typing pauses.
  const settled = useSettled(entries, OVERSCAN_AFTER_MS);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) =>
      rows[index]?.kind === 'farm' ? layout.farmHeight : layout.rowHeight + layout.gap,
    getItemKey,
    overscan: settled ? OVERSCAN_ROWS : 0,
    scrollMargin: offsetTop,
  });

  const previousReset = useRef(resetKey);
  useLayoutEffect(() => {
    if (previousReset.current === resetKey) return;
    previousReset.current = resetKey;
    // The virtualizer tracks the scroll position from scroll events; window.scrollY here would
    // force a layout on every keystroke.
    const top = Math.max(0, offsetTop - HEADER_ALLOWANCE);
    if ((virtualizer.scrollOffset ?? 0) > top) virtualizer.scrollToOffset(top);
  }, [resetKey, offsetTop, virtualizer]);

  if (typeof window === 'undefined')
    return <ServerFirstRow entries={entries} view={view} renderEntry={renderEntry} />;
  // By farm, a heading row comes first.
  const firstCardsRow = rows.findIndex((row) => row.kind !== 'farm');
  return (
    <div
      ref={listRef}
      className="catalog-list"
      data-view={view}
      data-wide={layout.wide || undefined}
      style={listStyle(layout, virtualizer.getTotalSize())}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const picture = pictureMode(virtualizer.range, item.index, virtualizer.isScrolling);
        const lead = item.index === firstCardsRow;
        return (
          <div
            // Rows are keyed by their place, not their content: a new search or filter then
            // updates the cards on screen in place (text and attributes) instead of unmounting
            // them and mounting new ones, which is most of what a keystroke costs. A layout
            // change still builds them afresh, and a heading is never updated into a row.
            key={`${layout.signature}:${row.kind}:${item.index}`}
            className={row.kind === 'farm' ? 'catalog-list__farm' : 'catalog-list__row'}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {row.kind === 'farm' ? (
              <h2 className="catalog-list__farm-name">
                <CountryFlag iso={row.farm.country_iso} name={row.farm.country_name} />
                {row.farm.grower_name}
                <span className="catalog-list__farm-count">
                  {catalogMessages.varieties(row.count)}
                </span>
              </h2>
            ) : (
              row.entries.map((entry, column) => (
                <div key={column} className="catalog-list__cell">
                  {renderEntry(entry, picture, lead)}
                </div>
              ))
            )}
          </div>
        );
      })}
    </div>
  );
});

/**
 * The list's first row as the server renders a visitor's first screen (src/ssr/first-screen.tsx),
 * without the list's width: as many cards as the widest window it renders for holds, which
 * catalog.css lays out with the same columns `catalogLayout` gives (`[data-first-row]`), showing
 * no row after the first. Only the first card shows its picture: the screen's largest paint,
 * which the page then shows before its code has loaded.
 */
function ServerFirstRow({
  entries,
  view,
  renderEntry,
}: Pick<CatalogListProps, 'entries' | 'view' | 'renderEntry'>) {
  const layout = catalogLayout(view, 0);
  const cards = catalogLayout(view, use(ServerWidthContext)).columns;
  return (
    <div
      className="catalog-list"
      data-view={view}
      data-first-row=""
      style={listStyle(layout, layout.rowHeight)}
    >
      <div className="catalog-list__row">
        {entries.slice(0, cards).map((entry, column) => (
          <div key={column} className="catalog-list__cell">
            {renderEntry(entry, column === 0 ? 'show' : 'wait', column === 0)}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Only cards on screen show their pictures; the rows around keep their swatches, and fetch their
 * pictures ahead only while the buyer scrolls, so that a row scrolling in shows them at once.
 * Showing or fetching pictures after each search slowed the search (docs/performance.md,
 * "Pictures around the visible rows"), so fetching is left to scrolling, which no keystroke
 * comes with.
 */
function pictureMode(
  range: { startIndex: number; endIndex: number } | null,
  index: number,
  scrolling: boolean,
): PictureMode {
  if (range !== null && index >= range.startIndex && index <= range.endIndex) return 'show';
  return scrolling ? 'fetch' : 'wait';
}

function listStyle(layout: CatalogLayout, height: number): CSSProperties {
  return {
    height,
    '--catalog-columns': layout.columns,
    '--catalog-card-height': `${layout.rowHeight}px`,
    '--catalog-farm-height': `${layout.farmHeight}px`,
    '--catalog-gap': `${layout.gap}px`,
  } as CSSProperties;
}

/**
 * True once `value` has stayed the same for `ms`. What that renders is a transition: a key
 * pressed meanwhile (a florist types about one every 150–300 ms) interrupts it instead of waiting
 * for it. False on the first render too: a list's first screen renders only the rows it shows.
 */
function useSettled<T>(value: T, ms: number): boolean {
  const [settled, setSettled] = useState<{ value: T } | null>(null);
  const same = settled !== null && Object.is(settled.value, value);
  useEffect(() => {
    if (same) return;
    const timer = window.setTimeout(() => startTransition(() => setSettled({ value })), ms);
    return () => window.clearTimeout(timer);
  }, [value, same, ms]);
  return same;
}
