import { describe, expect, it } from 'vitest';
import {
  appliedLengthRange,
  priceRowMatchesFilters,
  varietyMatchesFilters,
  type CatalogFilters,
} from './catalog-filters';

const NONE: CatalogFilters = {
  category: [],
  product_group: [],
  farm: [],
  country: [],
  color: [],
  stemLength: { min: null, max: null },
};

describe('appliedLengthRange', () => {
  const cases = [
    { min: null, max: null, expected: null },
    { min: 40, max: null, expected: null },
    { min: null, max: 60, expected: null },
    { min: 40, max: 60, expected: { min: 40, max: 60 } },
    { min: 0, max: 0, expected: { min: 0, max: 0 } },
  ];
  it.each(cases)('min $min, max $max → $expected', ({ min, max, expected }) => {
    expect(appliedLengthRange({ min, max })).toEqual(expected);
  });
});

describe('varietyMatchesFilters', () => {
  const rose = { category_key: 'cat-roses', product_group_key: 'pg-rose', color_key: 'col-red' };
  const cases: { name: string; filters: Partial<CatalogFilters>; expected: boolean }[] = [
    { name: 'no filters keep everything', filters: {}, expected: true },
    { name: 'its category', filters: { category: ['cat-roses'] }, expected: true },
    {
      name: 'one of several categories',
      filters: { category: ['cat-greens', 'cat-roses'] },
      expected: true,
    },
    { name: 'another category', filters: { category: ['cat-greens'] }, expected: false },
    { name: 'its product group', filters: { product_group: ['pg-rose'] }, expected: true },
    {
      name: 'another product group',
      filters: { product_group: ['pg-spray-rose'] },
      expected: false,
    },
    { name: 'its colour', filters: { color: ['col-red'] }, expected: true },
    { name: 'another colour', filters: { color: ['col-white'] }, expected: false },
    {
      name: 'every filter must hold',
      filters: { category: ['cat-roses'], color: ['col-white'] },
      expected: false,
    },
    { name: 'keys are compared exactly', filters: { color: ['COL-RED'] }, expected: false },
    {
      name: 'row-level filters do not apply to the variety',
      filters: { farm: ['gr-nobody'], country: ['TH'], stemLength: { min: 1, max: 2 } },
      expected: true,
    },
  ];
  it.each(cases)('$name → $expected', ({ filters, expected }) => {
    expect(varietyMatchesFilters(rose, { ...NONE, ...filters })).toBe(expected);
  });
});

describe('priceRowMatchesFilters', () => {
  const row = { grower_key: 'gr-001', length: 60, country_iso: 'EC' };
  const cases: {
    name: string;
    filters: Partial<CatalogFilters>;
    row?: Partial<typeof row>;
    expected: boolean;
  }[] = [
    { name: 'no filters keep every row', filters: {}, expected: true },
    { name: 'its farm', filters: { farm: ['gr-002', 'gr-001'] }, expected: true },
    { name: 'another farm', filters: { farm: ['gr-002'] }, expected: false },
    { name: 'its country', filters: { country: ['EC'] }, expected: true },
    { name: 'another country', filters: { country: ['CO', 'NL'] }, expected: false },
    {
      name: 'a length inside the range',
      filters: { stemLength: { min: 50, max: 70 } },
      expected: true,
    },
    {
      name: 'the minimum is included',
      filters: { stemLength: { min: 60, max: 80 } },
      expected: true,
    },
    {
      name: 'the maximum is included',
      filters: { stemLength: { min: 40, max: 60 } },
      expected: true,
    },
    {
      name: 'a length below the range',
      filters: { stemLength: { min: 70, max: 80 } },
      expected: false,
    },
    {
      name: 'a length above the range',
      filters: { stemLength: { min: 40, max: 50 } },
      expected: false,
    },
    {
      name: 'only a minimum does not filter (spec §5)',
      filters: { stemLength: { min: 70, max: null } },
      expected: true,
    },
    {
      name: 'only a maximum does not filter (spec §5)',
      filters: { stemLength: { min: null, max: 50 } },
      expected: true,
    },
    {
      name: 'a product without a length is outside a length range',
      filters: { stemLength: { min: 40, max: 80 } },
      row: { length: 0 },
      expected: false,
    },
    {
      name: 'farm and length must both hold',
      filters: { farm: ['gr-001'], stemLength: { min: 70, max: 80 } },
      expected: false,
    },
    {
      name: 'variety-level filters do not apply to rows',
      filters: { category: ['cat-greens'], color: ['col-blue'] },
      expected: true,
    },
  ];
  it.each(cases)('$name → $expected', ({ filters, row: change, expected }) => {
    expect(priceRowMatchesFilters({ ...row, ...change }, { ...NONE, ...filters })).toBe(expected);
  });
});
