import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOG_QUERY,
  DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  farmPreferences,
  type CatalogQuery,
  type CustomerGrower,
} from '@stemline/shared';
import { snapshot } from './catalog-fixture';
import { buildCatalogModel, type CatalogModel } from './catalog-model';
import { searchEntries, selectEntries } from './catalog-view';

const farms = (...list: [string, CustomerGrower['relation']][]) =>
  farmPreferences(list.map(([grower_key, relation]) => ({ grower_key, relation })));

function keys(model: CatalogModel, change: Partial<CatalogQuery> = {}): string[] {
  const query = { ...DEFAULT_CATALOG_QUERY, ...change };
  const entries = selectEntries(model, query, query);
  return searchEntries(model, entries, query.search, DEFAULT_SEARCH_TEXT_REPLACEMENTS).map(
    (entry) => entry.key,
  );
}

describe('a blocked farm', () => {
  const model = buildCatalogModel(snapshot, farms(['gr-co', 'blocked']));

  it('has none of its rows in the catalogue, and a product only it offers is gone', () => {
    expect(model.products.flatMap((p) => p.rows).some((row) => row.grower_key === 'gr-co')).toBe(
      false,
    );
    expect(keys(model)).toEqual(['v-freedom', 'v-zembla', 'v-naomi']);
    expect(keys(model, { mode: 'farm' })).toEqual([
      'gr-nl:v-zembla',
      'gr-ec:v-freedom',
      'gr-ec:v-naomi',
    ]);
  });

  it('is not a farm filter choice, nor found by searching its name', () => {
    expect(model.facets.farm.map((option) => option.key)).not.toContain('gr-co');
    expect(model.facets.country.map((option) => option.key)).not.toContain('CO');
    expect(keys(model, { search: 'cajica' })).toEqual([]);
  });

  it('counts its rows that sell a box, per product and for the date (sold-out rows not)', () => {
    // gr-co sells boxes of Freedom 40 cm, Moonlight and Zembla; its Freedom 60 cm is sold out.
    expect(model.blockedOffers).toBe(3);
    const byVariety = new Map(model.products.map((p) => [p.variety.key, p.blockedOffers]));
    expect(byVariety.get('v-freedom')).toBe(1);
    expect(byVariety.get('v-zembla')).toBe(1);
    expect(byVariety.get('v-naomi')).toBe(0);
    expect(buildCatalogModel(snapshot).blockedOffers).toBe(0);
  });

  it('rebuilds the search index when the blocked farms change, not when only their order does', () => {
    const fresh = { ...snapshot, varieties: [...snapshot.varieties] };
    const open = buildCatalogModel(fresh);
    const blocked = buildCatalogModel(fresh, farms(['gr-co', 'blocked'], ['gr-nl', 'blocked']));
    expect(blocked.searchIndex()).not.toBe(open.searchIndex());
    const same = buildCatalogModel(fresh, farms(['gr-nl', 'blocked'], ['gr-co', 'blocked']));
    expect(same.searchIndex()).toBe(blocked.searchIndex());
    expect(keys(same)).toEqual(['v-freedom', 'v-naomi']);
  });
});

describe('a preferred farm', () => {
  const model = buildCatalogModel(snapshot, farms(['gr-nl', 'preferred']));

  it("leads its product with its row even when another farm's is cheaper", () => {
    const zembla = model.products.find((p) => p.variety.key === 'v-zembla');
    expect(zembla?.rows.map((row) => [row.grower_key, row.preferred])).toEqual([
      ['gr-nl', true],
      ['gr-co', false],
    ]);
  });

  it('puts the entries it leads first, in both sorts', () => {
    expect(keys(model)).toEqual(['v-zembla', 'v-moonlight', 'v-freedom', 'v-naomi']);
    expect(keys(model, { sortBy: 'price_low_high' })).toEqual([
      'v-zembla',
      'v-moonlight',
      'v-naomi',
      'v-freedom',
    ]);
  });

  it('puts its group first when browsing by farm, also with a search', () => {
    expect(keys(model, { mode: 'farm' })).toEqual([
      'gr-nl:v-zembla',
      'gr-co:v-moonlight',
      'gr-co:v-freedom',
      'gr-co:v-zembla',
      'gr-ec:v-freedom',
      'gr-ec:v-naomi',
    ]);
    expect(keys(model, { mode: 'farm', search: 'white' })).toEqual([
      'gr-nl:v-zembla',
      'gr-co:v-moonlight',
      'gr-co:v-zembla',
    ]);
  });

  it('never leads with a sold-out row: rows that sell a box still come first', () => {
    const model = buildCatalogModel(snapshot, farms(['gr-co', 'preferred']));
    const freedom = model.products.find((p) => p.variety.key === 'v-freedom');
    expect(freedom?.rows.map((row) => [row.grower_key, row.boxes > 0])).toEqual([
      ['gr-co', true],
      ['gr-ec', true],
      ['gr-ec', true],
      ['gr-co', false],
    ]);
  });
});
