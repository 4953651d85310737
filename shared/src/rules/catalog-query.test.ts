import { describe, expect, it } from 'vitest';
import {
  catalogQueryParams,
  CLEARED_FILTERS,
  DEFAULT_CATALOG_QUERY,
  hasActiveFilters,
  MAX_FILTER_VALUES,
  MAX_SEARCH_LENGTH,
  parseCatalogQuery,
  type CatalogQuery,
} from './catalog-query';

// `shared` has no DOM types: a URL query is read and written here as the browser's
// URLSearchParams does (first value wins; `+` is a space; components percent-encoded).
function parse(search: string): CatalogQuery {
  const values = new Map<string, string>();
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const [name = '', value = ''] = pair
      .split(/=(.*)/s)
      .map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
    if (!values.has(name)) values.set(name, value);
  }
  return parseCatalogQuery({ get: (name) => values.get(name) ?? null });
}

function link(query: CatalogQuery): string {
  return catalogQueryParams(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

describe('parseCatalogQuery', () => {
  const cases: { name: string; url: string; expected: Partial<CatalogQuery> }[] = [
    { name: 'an empty URL is the default view', url: '', expected: {} },
    {
      name: 'reads every parameter of a full link',
      url:
        'date=20261130&category=cat-roses,cat-carnations&product_group=pg-rose&farm=gr-001,gr-017' +
        '&country=EC,CO&color=col-red&minimun_stem_length=50,70&search=red%20rose' +
        '&sortBy=price_low_high&mode=farm&view=list&favorites=1',
      expected: {
        date: 20261130,
        category: ['cat-roses', 'cat-carnations'],
        product_group: ['pg-rose'],
        farm: ['gr-001', 'gr-017'],
        country: ['EC', 'CO'],
        color: ['col-red'],
        stemLength: { min: 50, max: 70 },
        search: 'red rose',
        sortBy: 'price_low_high',
        mode: 'farm',
        view: 'list',
        favorites: true,
      },
    },
    { name: 'drops an impossible date', url: 'date=20261332', expected: { date: null } },
    { name: 'drops a date that is not 8 digits', url: 'date=2026113', expected: { date: null } },
    { name: 'drops a date with a sign', url: 'date=+20261130', expected: { date: null } },
    {
      name: 'skips empty and padded list values and keeps the first of duplicates',
      url: 'category=,%20cat-roses%20,,cat-roses,cat-greens,',
      expected: { category: ['cat-roses', 'cat-greens'] },
    },
    {
      name: 'drops list values that are not plain keys',
      url: 'farm=gr-001,<script>,../../etc,gr%00x,%F0%9F%8C%B9,a%20b',
      expected: { farm: ['gr-001'] },
    },
    {
      name: 'keeps only the countries of spec §9, case-insensitively',
      url: 'country=ec,XX,nl,US,constructor',
      expected: { country: ['EC', 'NL', 'US'] },
    },
    {
      name: 'caps a list at MAX_FILTER_VALUES values',
      url: `color=${Array.from({ length: 500 }, (_, i) => `c${i}`).join(',')}`,
      expected: {
        color: Array.from({ length: MAX_FILTER_VALUES }, (_, i) => `c${i}`),
      },
    },
    {
      name: 'keeps a one-sided stem length, which does not filter',
      url: 'minimun_stem_length=50,',
      expected: { stemLength: { min: 50, max: null } },
    },
    {
      name: 'keeps a max-only stem length',
      url: 'minimun_stem_length=,80',
      expected: { stemLength: { min: null, max: 80 } },
    },
    {
      name: 'puts a reversed stem length pair in order',
      url: 'minimun_stem_length=80,40',
      expected: { stemLength: { min: 40, max: 80 } },
    },
    {
      name: 'ignores non-numeric, negative, fractional and huge lengths',
      url: 'minimun_stem_length=abc,-5',
      expected: { stemLength: { min: null, max: null } },
    },
    {
      name: 'ignores a length with a fraction or exponent',
      url: 'minimun_stem_length=4.5,1e3',
      expected: { stemLength: { min: null, max: null } },
    },
    {
      name: 'ignores lengths over 300 cm',
      url: 'minimun_stem_length=40,999',
      expected: { stemLength: { min: 40, max: null } },
    },
    {
      name: 'ignores a stem length with more than two parts',
      url: 'minimun_stem_length=40,50,60',
      expected: { stemLength: { min: null, max: null } },
    },
    {
      name: 'falls back to the default sort, mode and view for unknown values',
      url: 'sortBy=__proto__&mode=toString&view=<b>',
      expected: {},
    },
    {
      name: 'is case-sensitive about sort values',
      url: 'sortBy=PRICE_LOW_HIGH',
      expected: {},
    },
    {
      name: 'keeps search text as typed but strips control characters',
      url: 'search=%20hot%0Apink%00%20',
      expected: { search: ' hotpink ' },
    },
    {
      name: 'caps the search text',
      url: `search=${'a'.repeat(5000)}`,
      expected: { search: 'a'.repeat(MAX_SEARCH_LENGTH) },
    },
    {
      name: 'reads the first of repeated parameters',
      url: 'category=cat-roses&category=cat-greens',
      expected: { category: ['cat-roses'] },
    },
  ];

  it.each(cases)('$name', ({ url, expected }) => {
    expect(parse(url)).toEqual({ ...DEFAULT_CATALOG_QUERY, ...expected });
  });
});

describe('catalogQueryParams', () => {
  it('writes nothing for the default view', () => {
    expect(catalogQueryParams(DEFAULT_CATALOG_QUERY)).toEqual([]);
  });

  it('writes parameters in a fixed order, lists comma-separated', () => {
    const query: CatalogQuery = {
      ...DEFAULT_CATALOG_QUERY,
      view: 'list',
      search: 'peach',
      country: ['EC'],
      date: 20261201,
      farm: ['gr-002', 'gr-001'],
      stemLength: { min: 40, max: 60 },
    };
    expect(link(query)).toBe(
      'date=20261201&farm=gr-002%2Cgr-001&country=EC&minimun_stem_length=40%2C60&search=peach&view=list',
    );
  });

  it('writes favourites only as favorites=1 and reads anything else as every variety', () => {
    expect(catalogQueryParams({ ...DEFAULT_CATALOG_QUERY, favorites: true })).toEqual([
      ['favorites', '1'],
    ]);
    expect(parse('favorites=1').favorites).toBe(true);
    expect(parse('favorites=true').favorites).toBe(false);
    expect(parse('favorites=').favorites).toBe(false);
  });

  it('writes a one-sided stem length with an empty side', () => {
    const query = { ...DEFAULT_CATALOG_QUERY, stemLength: { min: null, max: 70 } };
    expect(catalogQueryParams(query)).toEqual([['minimun_stem_length', ',70']]);
  });

  const roundTrips: { name: string; query: CatalogQuery }[] = [
    { name: 'the default view', query: DEFAULT_CATALOG_QUERY },
    {
      name: 'every field set',
      query: {
        date: 20261130,
        category: ['cat-roses'],
        product_group: ['pg-rose', 'pg-spray-rose'],
        farm: ['gr-001'],
        country: ['EC', 'CO'],
        color: ['col-red', 'col-white'],
        stemLength: { min: 40, max: 80 },
        search: 'wedding & white, 60cm',
        sortBy: 'price_low_high',
        mode: 'farm',
        view: 'list',
        favorites: true,
      },
    },
    {
      name: 'search text with commas, percent signs and unicode',
      query: { ...DEFAULT_CATALOG_QUERY, search: ' 100% rosé, "hot" ' },
    },
    {
      name: 'a min-only stem length',
      query: { ...DEFAULT_CATALOG_QUERY, stemLength: { min: 50, max: null } },
    },
  ];

  it.each(roundTrips)('round-trips $name through a shared link', ({ query }) => {
    expect(parse(link(query))).toEqual(query);
  });

  it('turns a hostile link into a clean one that reads back the same', () => {
    const hostile = parse(
      'category=cat-roses,,<x>&country=ec,zz&minimun_stem_length=90,40&sortBy=x&search=%00hi',
    );
    expect(parse(link(hostile))).toEqual(hostile);
    expect(link(hostile)).toBe(
      'category=cat-roses&country=EC&minimun_stem_length=40%2C90&search=hi',
    );
  });
});

describe('hasActiveFilters', () => {
  const cases: { name: string; query: Partial<CatalogQuery>; expected: boolean }[] = [
    { name: 'the default view', query: {}, expected: false },
    {
      name: 'sort, mode and view only',
      query: { sortBy: 'price_low_high', mode: 'farm', view: 'list' },
      expected: false,
    },
    { name: 'a date only', query: { date: 20261130 }, expected: false },
    { name: 'a blank search', query: { search: '   ' }, expected: false },
    { name: 'a search', query: { search: 'rose' }, expected: true },
    { name: 'a colour', query: { color: ['col-red'] }, expected: true },
    { name: 'half a stem length', query: { stemLength: { min: 40, max: null } }, expected: true },
    { name: 'favourites only', query: { favorites: true }, expected: true },
  ];
  it.each(cases)('$name → $expected', ({ query, expected }) => {
    expect(hasActiveFilters({ ...DEFAULT_CATALOG_QUERY, ...query })).toBe(expected);
  });

  it('is false once CLEARED_FILTERS is merged in, which keeps date, sort, mode and view', () => {
    const busy = parse(
      'date=20261130&color=col-red&farm=gr-1&minimun_stem_length=40,60&search=x&sortBy=price_low_high&mode=farm&view=list',
    );
    const cleared = { ...busy, ...CLEARED_FILTERS };
    expect(hasActiveFilters(cleared)).toBe(false);
    expect(link(cleared)).toBe('date=20261130&sortBy=price_low_high&mode=farm&view=list');
  });
});
