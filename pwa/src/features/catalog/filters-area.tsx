import { useState } from 'react';
import {
  CATALOG_LIST_FILTERS,
  type CatalogFilters,
  catalogMessages,
  CLEARED_FILTERS,
} from '@stemline/shared';
import { Button, DeferredModalDialog, Skeleton } from '../../ui';
import { CatalogFiltersPanel } from './catalog-filters-panel';
import type { CatalogFacets } from './catalog-model';
import type { UpdateCatalogQuery } from './use-catalog-query';
import { useMediaQuery } from './use-media-query';

/** From the tablet breakpoint up (px) the filters sit beside the list; on phones, in a dialog. */
export const SIDEBAR_FROM = 769;
export const SIDEBAR_QUERY = `(min-width: ${SIDEBAR_FROM}px)`;

interface FiltersAreaProps {
  /** The choices of the date's catalogue; null while it loads. */
  facets: CatalogFacets | null;
  filters: CatalogFilters;
  update: UpdateCatalogQuery;
  /** How many varieties the current filters show, for the phone dialog's button. */
  resultCount: number;
  /** Whether the view shows only favourites; null without an account (no favourites to show). */
  favorites: boolean | null;
}

/** The catalogue filters: a sidebar on tablets and desktops, a 'Filters' dialog on phones. */
/** Clears the filters and leaves the search as it is. */
const { search: _search, ...CLEARED_LIST_FILTERS } = CLEARED_FILTERS;

export function FiltersArea({ facets, filters, update, resultCount, favorites }: FiltersAreaProps) {
  const sidebar = useMediaQuery(SIDEBAR_QUERY);
  const [open, setOpen] = useState(false);
  const chosen =
    CATALOG_LIST_FILTERS.reduce((sum, name) => sum + filters[name].length, 0) +
    (filters.stemLength.min !== null || filters.stemLength.max !== null ? 1 : 0) +
    (favorites ? 1 : 0);
  const clear =
    chosen > 0 ? (
      <Button variant="quiet" size="sm" onPress={() => update(CLEARED_LIST_FILTERS)}>
        {catalogMessages.clearFilters}
      </Button>
    ) : null;
  const panel = facets ? (
    <CatalogFiltersPanel facets={facets} filters={filters} update={update} favorites={favorites} />
  ) : (
    <Skeleton shape="text" lines={12} />
  );

  if (sidebar) {
    return (
      <aside className="catalog-sidebar" aria-labelledby="catalog-filters-title">
        <div className="catalog-sidebar__head">
          <h2 id="catalog-filters-title">Filters</h2>
          {clear}
        </div>
        {panel}
      </aside>
    );
  }
  return (
    <div className="catalog-filters-bar">
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {chosen > 0 ? `Filters (${chosen})` : 'Filters'}
      </Button>
      {clear}
      <DeferredModalDialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Filters"
        footer={({ close }) => (
          <Button onPress={close}>Show {catalogMessages.varieties(resultCount)}</Button>
        )}
      >
        {panel}
      </DeferredModalDialog>
    </div>
  );
}
