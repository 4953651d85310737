import { describe, expect, it } from 'vitest';
import { snapshot } from './catalog-fixture';
import { buildCatalogModel } from './catalog-model';
import { growersByCountry } from './growers-by-country';

const freedom = buildCatalogModel(snapshot).products.find((p) => p.variety.key === 'v-freedom');

describe('growersByCountry', () => {
  it('groups rows by country, then grower, in the order of their best row', () => {
    const groups = growersByCountry(freedom?.rows ?? []);
    expect(
      groups.map((country) => [
        country.country_iso,
        country.growers.map(({ grower, rows }) => [
          grower.key,
          rows.map((row) => row.offer.length),
        ]),
      ]),
    ).toEqual([
      ['CO', [['gr-co', [40, 60]]]],
      ['EC', [['gr-ec', [50, 70]]]],
    ]);
  });

  it('keeps every row once', () => {
    const groups = growersByCountry(freedom?.rows ?? []);
    const count = groups.flatMap((c) => c.growers).reduce((sum, g) => sum + g.rows.length, 0);
    expect(count).toBe(freedom?.rows.length);
  });

  it('is empty for no rows', () => {
    expect(growersByCountry([])).toEqual([]);
  });
});
