import { memo } from 'react';
import {
  catalogMessages,
  formatCount,
  type CatalogFilters,
  type CatalogListFilter,
} from '@stemline/shared';
import { Checkbox } from '../../ui';
import type { CatalogFacets } from './catalog-model';
import { FilterOptionList } from './filter-option-list';
import { StemLengthFilter } from './stem-length-filter';
import type { UpdateCatalogQuery } from './use-catalog-query';

const LISTS: readonly { name: CatalogListFilter; label: string }[] = [
  { name: 'category', label: 'Category' },
  { name: 'product_group', label: 'Product group' },
  { name: 'color', label: 'Color' },
  { name: 'country', label: 'Country' },
  { name: 'farm', label: 'Farm' },
];

/** Every filter of the catalogue (spec §2), each choice written to the URL. */
export const CatalogFiltersPanel = memo(function CatalogFiltersPanel({
  facets,
  filters,
  update,
  favorites,
}: {
  facets: CatalogFacets;
  filters: CatalogFilters;
  update: UpdateCatalogQuery;
  /** Whether only favourites are shown; null without an account. */
  favorites: boolean | null;
}) {
  return (
    <div className="catalog-filters">
      {favorites !== null && (
        <Checkbox
          isSelected={favorites}
          onChange={(selected) => update({ favorites: selected })}
          className="filter-list__option catalog-filters__favorites"
        >
          <span className="filter-list__name">{catalogMessages.favorites}</span>
          <span className="filter-list__count">
            {formatCount(facets.favorites)}
            <span className="sl-visually-hidden"> varieties</span>
          </span>
        </Checkbox>
      )}
      {LISTS.map(({ name, label }) => (
        <FilterOptionList
          key={name}
          label={label}
          options={facets[name]}
          selected={filters[name]}
          onChange={(selected) => update({ [name]: selected })}
        />
      ))}
      <StemLengthFilter
        lengths={facets.lengths}
        range={filters.stemLength}
        onChange={(stemLength) => update({ stemLength })}
      />
    </div>
  );
});
