import { describe, expect, it } from 'vitest';
import {
  CATALOG_LIST_FILTERS,
  DEFAULT_CATALOG_QUERY,
  DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  searchIndex,
  type CatalogQuery,
} from '@stemline/shared';
import { snapshot } from './catalog-fixture';
import { buildCatalogModel } from './catalog-model';
import { searchEntries, selectEntries } from './catalog-view';
import { countFacets } from './facet-counts';

const model = buildCatalogModel(snapshot);

/** How many varieties the list shows for a view. */
function listed(query: CatalogQuery): number {
  const entries = searchEntries(
    model,
    selectEntries(model, query, query),
    query.search,
    DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  );
  return new Set(entries.map((entry) => entry.product.index)).size;
}

function facetsOf(query: CatalogQuery) {
  const search =
    query.search === ''
      ? null
      : searchIndex(model.searchIndex(), query.search, DEFAULT_SEARCH_TEXT_REPLACEMENTS);
  return countFacets(model, query, search);
}

const views: { name: string; change: Partial<CatalogQuery> }[] = [
  { name: 'no filter', change: {} },
  { name: 'Roses and Red', change: { category: ['cat-roses'], color: ['col-red'] } },
  { name: 'a farm', change: { farm: ['gr-ec'] } },
  { name: 'a country and a colour', change: { country: ['CO'], color: ['col-white'] } },
  { name: 'two categories', change: { category: ['cat-roses', 'cat-mums'] } },
  { name: 'a length range', change: { stemLength: { min: 60, max: 70 } } },
  { name: 'a search', change: { search: 'white' } },
  { name: 'a search with a stem length', change: { search: 'rose 50' } },
  { name: 'a search and a farm', change: { search: 'red', farm: ['gr-co'] } },
  { name: 'by farm', change: { mode: 'farm', country: ['EC'] } },
];

describe('countFacets', () => {
  it.each(views)(
    '$name: each option counts what choosing it alone, with every other filter and the search, would list',
    ({ change }) => {
      const query = { ...DEFAULT_CATALOG_QUERY, ...change };
      const facets = facetsOf(query);
      for (const filter of CATALOG_LIST_FILTERS) {
        for (const option of facets[filter]) {
          const expected = listed({ ...query, [filter]: [option.key] });
          expect({ filter, key: option.key, count: option.count }).toEqual({
            filter,
            key: option.key,
            count: expected,
          });
        }
      }
    },
  );

  it('with Roses and Red chosen, Red counts the red roses the list shows, not every red', () => {
    const query = { ...DEFAULT_CATALOG_QUERY, category: ['cat-roses'], color: ['col-red'] };
    const red = facetsOf(query).color.find((option) => option.key === 'col-red');
    expect(red?.count).toBe(listed(query));
    expect(red?.count).toBe(2);
    expect(facetsOf(query).color.find((option) => option.key === 'col-white')?.count).toBe(0);
  });

  it('counts favourites like a filter: its own count under the others, every count under it', () => {
    const keys = new Set(['v-freedom', 'v-zembla', 'v-soldout']);
    const all = countFacets(model, DEFAULT_CATALOG_QUERY, null, { keys, only: false });
    // The sold-out favourite is not listed, so not counted.
    expect(all.favorites).toBe(2);
    const roses = { ...DEFAULT_CATALOG_QUERY, category: ['cat-roses'] };
    expect(countFacets(model, roses, null, { keys, only: false }).favorites).toBe(1);
    const only = countFacets(model, DEFAULT_CATALOG_QUERY, null, { keys, only: true });
    expect(only.category.map((option) => [option.key, option.count])).toEqual([
      ['cat-roses', 1],
      ['cat-carn', 0],
      ['cat-mums', 1],
    ]);
    expect(only.favorites).toBe(2);
  });

  it("keeps the date's options in the date's order, so none moves when a filter is chosen", () => {
    const query = { ...DEFAULT_CATALOG_QUERY, country: ['NL'] };
    const keys = (facets: typeof model.facets) =>
      CATALOG_LIST_FILTERS.map((filter) => facets[filter].map((option) => option.key));
    expect(keys(facetsOf(query))).toEqual(keys(model.facets));
  });
});
