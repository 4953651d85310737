import type { CatalogView } from '@stemline/shared';
import { Skeleton } from '../../ui';
import { GRID_CARD_HEIGHT, LIST_ROW_HEIGHT_WIDE } from './catalog-rows';

/** Placeholder cards of the list's own size while the catalogue loads, so nothing jumps after. */
export function CatalogSkeleton({ view }: { view: CatalogView }) {
  const height = view === 'grid' ? GRID_CARD_HEIGHT : LIST_ROW_HEIGHT_WIDE;
  return (
    <div
      className="catalog-skeleton"
      data-view={view}
      aria-busy="true"
      aria-label="Loading the catalogue"
      role="status"
    >
      {Array.from({ length: view === 'grid' ? 8 : 5 }, (_, index) => (
        <Skeleton key={index} shape="block" height={height} />
      ))}
    </div>
  );
}
