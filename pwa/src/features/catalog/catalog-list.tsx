import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { CatalogView } from '@stemline/shared';
import { CountryFlag } from './country-flag';
import { catalogLayout, catalogRows, type CatalogLayout } from './catalog-rows';
import type { CatalogEntry } from './catalog-view';

interface CatalogListProps {
  entries: readonly CatalogEntry[];
  view: CatalogView;
  /** Changes when the view changes in a way that should bring the list back to its top. */
  resetKey: string;
  renderEntry: (entry: CatalogEntry) => ReactNode;
}

/** Space kept above the list when scrolling it back to its top, for the sticky app header. */
const HEADER_ALLOWANCE = 96;

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
  const rows = useMemo(() => catalogRows(entries, layout.columns), [entries, layout.columns]);
  // Rows are keyed by their place, not their content: a new search or filter then updates the
  // cards on screen in place (text and attributes) instead of unmounting them and mounting new
  // ones, which is most of what a keystroke costs. A layout change still builds them afresh.
  // The kind is in the key: a farm heading and a card row differ in height, and the virtualizer
  // re-measures when this function changes, i.e. with `rows`.
  const getItemKey = useCallback(
    (index: number) => `${layout.signature}:${rows[index]?.kind ?? 'cards'}:${index}`,
    [rows, layout.signature],
  );
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) =>
      rows[index]?.kind === 'farm' ? layout.farmHeight : layout.rowHeight + layout.gap,
    getItemKey,
    overscan: 2,
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

  return (
    <div
      ref={listRef}
      className="catalog-list"
      data-view={view}
      style={listStyle(layout, virtualizer.getTotalSize())}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            className={row.kind === 'farm' ? 'catalog-list__farm' : 'catalog-list__row'}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {row.kind === 'farm' ? (
              <h2 className="catalog-list__farm-name">
                <CountryFlag iso={row.farm.country_iso} name={row.farm.country_name} />
                {row.farm.grower_name}
                <span className="catalog-list__farm-count">
                  {row.count.toLocaleString('en-US')} {row.count === 1 ? 'variety' : 'varieties'}
                </span>
              </h2>
            ) : (
              row.entries.map((entry, column) => (
                <div key={column} className="catalog-list__cell">
                  {renderEntry(entry)}
                </div>
              ))
            )}
          </div>
        );
      })}
    </div>
  );
});

function listStyle(layout: CatalogLayout, height: number): CSSProperties {
  return {
    height,
    '--catalog-columns': layout.columns,
    '--catalog-card-height': `${layout.rowHeight}px`,
    '--catalog-farm-height': `${layout.farmHeight}px`,
    '--catalog-gap': `${layout.gap}px`,
  } as CSSProperties;
}
