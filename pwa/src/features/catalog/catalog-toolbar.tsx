import { memo } from 'react';
import {
  CATALOG_MODES,
  CATALOG_SORTS,
  CATALOG_VIEWS,
  catalogMessages,
  type CatalogMode,
  type CatalogSort,
  type CatalogView,
} from '@stemline/shared';
import {
  DeferredSelect,
  GridIcon,
  ListIcon,
  SegmentedControl,
  SegmentedControlItem,
} from '../../ui';
import type { UpdateCatalogQuery } from './use-catalog-query';

const SORT_LABELS: Record<CatalogSort, string> = {
  best_offer: catalogMessages.sortMostPopular,
  price_low_high: catalogMessages.sortPriceLowHigh,
};
const MODE_LABELS: Record<CatalogMode, string> = {
  best_deal: catalogMessages.browseBestDeal,
  farm: catalogMessages.browseByFarm,
};
const VIEW_LABELS: Record<CatalogView, string> = {
  grid: catalogMessages.viewGrid,
  list: catalogMessages.viewList,
};
const sortItems = CATALOG_SORTS.map((id) => ({ id, name: SORT_LABELS[id] }));

/** Sort (spec §2: Most popular, Price low-high), browse mode and list or grid, all in the URL. */
export const CatalogToolbar = memo(function CatalogToolbar({
  sortBy,
  mode,
  view,
  update,
}: {
  sortBy: CatalogSort;
  mode: CatalogMode;
  view: CatalogView;
  update: UpdateCatalogQuery;
}) {
  return (
    <div className="catalog-toolbar">
      <DeferredSelect
        label="Sort by"
        options={sortItems}
        selectedKey={sortBy}
        onSelectionChange={(key) => {
          const sortBy = CATALOG_SORTS.find((sort) => sort === key);
          if (sortBy) update({ sortBy });
        }}
        className="catalog-toolbar__sort"
      />
      <SegmentedControl
        aria-label="Browse"
        selectedKeys={[mode]}
        onSelectionChange={(keys) => {
          const chosen = CATALOG_MODES.find((candidate) => keys.has(candidate));
          if (chosen) update({ mode: chosen });
        }}
      >
        {CATALOG_MODES.map((option) => (
          <SegmentedControlItem key={option} id={option}>
            {MODE_LABELS[option]}
          </SegmentedControlItem>
        ))}
      </SegmentedControl>
      <SegmentedControl
        aria-label="View"
        selectedKeys={[view]}
        onSelectionChange={(keys) => {
          const chosen = CATALOG_VIEWS.find((candidate) => keys.has(candidate));
          if (chosen) update({ view: chosen });
        }}
      >
        {CATALOG_VIEWS.map((option) => (
          <SegmentedControlItem
            key={option}
            id={option}
            icon={option === 'grid' ? <GridIcon /> : <ListIcon />}
          >
            <span className="sl-visually-hidden-phone">{VIEW_LABELS[option]}</span>
          </SegmentedControlItem>
        ))}
      </SegmentedControl>
    </div>
  );
});
