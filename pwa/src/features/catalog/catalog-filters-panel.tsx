import { memo } from 'react';
import type { CatalogFilters, CatalogListFilter } from '@stemline/shared';
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
}: {
  facets: CatalogFacets;
  filters: CatalogFilters;
  update: UpdateCatalogQuery;
}) {
  return (
    <div className="catalog-filters">
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
