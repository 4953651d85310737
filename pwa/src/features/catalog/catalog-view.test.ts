import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOG_QUERY,
  DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  type CatalogQuery,
} from '@stemline/shared';
import { snapshot } from './catalog-fixture';
import { buildCatalogModel } from './catalog-model';
import { searchEntries, selectEntries, selectEntriesSteps } from './catalog-view';
import { runSteps } from './run-in-slices';

const model = buildCatalogModel(snapshot);

function keys(change: Partial<CatalogQuery>): string[] {
  const query = { ...DEFAULT_CATALOG_QUERY, ...change };
  const entries = selectEntries(model, query, query);
  return searchEntries(model, entries, query.search, DEFAULT_SEARCH_TEXT_REPLACEMENTS).map(
    (entry) => entry.key,
  );
}

describe('buildCatalogModel', () => {
  it('joins rows of known growers and leaves out varieties without rows', () => {
    expect(model.products.map((product) => product.variety.key)).toEqual([
      'v-freedom',
      'v-moonlight',
      'v-zembla',
      'v-naomi',
      'v-soldout',
    ]);
    expect(model.products[0]?.rows.every((row) => row.grower.key !== 'gr-unknown')).toBe(true);
  });

  it('puts rows that sell a box first, cheapest first', () => {
    expect(model.products[0]?.rows.map((row) => row.offer.stem_price_cents)).toEqual([
      110, 140, 190, 150,
    ]);
  });

  it('counts the filter choices, most common first, and lists the lengths', () => {
    expect(model.facets.category.map((option) => [option.key, option.count])).toEqual([
      ['cat-roses', 3],
      ['cat-carn', 1],
      ['cat-mums', 1],
    ]);
    expect(model.facets.country.map((option) => option.key)).toEqual(['CO', 'EC', 'NL']);
    expect(model.facets.farm.find((option) => option.key === 'gr-co')).toMatchObject({
      name: 'Agrícola Cajicá',
      count: 3,
      country: { iso: 'CO', name: 'Colombia' },
    });
    expect(model.facets.lengths).toEqual([40, 50, 60, 70]);
  });

  it('builds the search index once, and keeps it for a price and stock delta of the same rows', () => {
    const fresh = buildCatalogModel({ ...snapshot, varieties: [...snapshot.varieties] });
    const index = fresh.searchIndex();
    expect(index.size).toBe(fresh.products.length);
    expect(fresh.searchIndex()).toBe(index);
    const delta = buildCatalogModel({
      ...fresh.snapshot,
      offers: fresh.snapshot.offers.map((offer) => ({ ...offer, available: offer.available + 1 })),
    });
    expect(delta.searchIndex()).toBe(index);
  });
});

describe('selectEntries and searchEntries', () => {
  const cases: { name: string; query: Partial<CatalogQuery>; expected: string[] }[] = [
    {
      name: 'most popular: by rank, without sold-out products',
      query: {},
      expected: ['v-moonlight', 'v-freedom', 'v-zembla', 'v-naomi'],
    },
    {
      name: 'price low-high: by the best stem price that sells a box',
      query: { sortBy: 'price_low_high' },
      expected: ['v-moonlight', 'v-naomi', 'v-zembla', 'v-freedom'],
    },
    { name: 'a category', query: { category: ['cat-roses'] }, expected: ['v-freedom', 'v-naomi'] },
    {
      name: 'two colours',
      query: { color: ['col-white', 'col-blue'] },
      expected: ['v-moonlight', 'v-zembla'],
    },
    { name: 'a country', query: { country: ['NL'] }, expected: ['v-zembla'] },
    { name: 'a farm', query: { farm: ['gr-ec'] }, expected: ['v-freedom', 'v-naomi'] },
    {
      name: 'a length range keeps products with an available row inside it',
      query: { stemLength: { min: 60, max: 60 } },
      expected: ['v-moonlight'],
    },
    {
      name: 'half a length range does not filter',
      query: { stemLength: { min: 60, max: null } },
      expected: ['v-moonlight', 'v-freedom', 'v-zembla', 'v-naomi'],
    },
    {
      name: 'a farm whose rows are sold out for the product hides it',
      query: { farm: ['gr-co'], stemLength: { min: 55, max: 65 } },
      expected: ['v-moonlight'],
    },
    { name: 'a key the date does not have', query: { farm: ['gr-nobody'] }, expected: [] },
    {
      name: 'search: every word must match',
      query: { search: 'red roses' },
      expected: ['v-freedom', 'v-naomi'],
    },
    {
      name: 'search: roses ranked up among equal matches',
      query: { search: 'white' },
      expected: ['v-moonlight', 'v-zembla'],
    },
    {
      name: 'search: words that no variety has together',
      query: { search: 'red white' },
      expected: [],
    },
    {
      name: 'search: a number keeps products offered at that stem length',
      query: { search: 'rose 70' },
      expected: ['v-freedom'],
    },
    {
      name: 'search by farm name',
      query: { search: 'jansen' },
      expected: ['v-zembla'],
    },
    { name: 'search by synonym', query: { search: 'chrysanthemum' }, expected: ['v-zembla'] },
    {
      name: 'by farm: farms alphabetically, each farm’s offers by rank',
      query: { mode: 'farm' },
      expected: [
        'gr-co:v-moonlight',
        'gr-co:v-freedom',
        'gr-co:v-zembla',
        'gr-nl:v-zembla',
        'gr-ec:v-freedom',
        'gr-ec:v-naomi',
      ],
    },
    {
      name: 'by farm with a search: farm groups stay in order',
      query: { mode: 'farm', search: 'white' },
      expected: ['gr-co:v-moonlight', 'gr-co:v-zembla', 'gr-nl:v-zembla'],
    },
  ];
  it.each(cases)('$name', ({ query, expected }) => {
    expect(keys(query)).toEqual(expected);
  });

  it.each(cases)('a step at a time, the same entries in the same order: $name', ({ query }) => {
    const filters = { ...DEFAULT_CATALOG_QUERY, ...query };
    const inSteps = runSteps(selectEntriesSteps(model, filters, filters));
    expect(inSteps.map((entry) => entry.key)).toEqual(
      selectEntries(model, filters, filters).map((entry) => entry.key),
    );
  });

  it('with a stem length in the search, leads each entry with its best row of that length', () => {
    const query = { ...DEFAULT_CATALOG_QUERY, search: 'freedom 50' };
    const [freedom] = searchEntries(
      model,
      selectEntries(model, query, query),
      query.search,
      DEFAULT_SEARCH_TEXT_REPLACEMENTS,
    );
    expect(freedom?.best.length).toBe(50);
    expect(freedom?.rows.map((row) => row.length)).toEqual([50]);
    expect(keys({ search: 'freedom 60' })).toEqual([]);
  });

  it('leads each entry with its best available row and lists its available growers', () => {
    const query = { ...DEFAULT_CATALOG_QUERY };
    const freedom = selectEntries(model, query, query).find((entry) => entry.key === 'v-freedom');
    expect(freedom?.best.offer.stem_price_cents).toBe(110);
    expect(freedom?.availableGrowers).toEqual(['gr-co', 'gr-ec']);
    expect(freedom?.rows).toHaveLength(4);
  });
});
