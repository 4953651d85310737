import { describe, expect, it } from 'vitest';
import type { Grower } from '@stemline/shared';
import { buildCatalogExtras } from './catalog-extras';

const variety = (
  key: string,
  name: string,
  product_group_key = 'pg-rose',
  tags: string[] = [],
) => ({
  key,
  name,
  product_group_key,
  category_key: product_group_key === 'pg-anthurium' ? 'cat-tropicals' : 'cat-roses',
  tags,
});
const grower = (key: string, country_iso: Grower['country_iso'], importer = false) => ({
  key,
  country_iso,
  importer,
});

const varieties = [
  variety('v-1', 'Tinted Sweet Dream'),
  variety('v-2', 'Dyed Blue Star'),
  variety('v-3', 'Airbrushed Rainbow Kiss'),
  variety('v-4', 'Freedom', 'pg-rose', ['tinted']),
  variety('v-5', 'Dyedalus Queen'),
  variety('v-6', 'Explorer'),
  variety('v-7', 'Red Champion', 'pg-anthurium'),
];
const growers = [grower('gr-1', 'EC'), grower('gr-2', 'US', true), grower('gr-3', 'NL')];

describe('buildCatalogExtras', () => {
  const extras = buildCatalogExtras(7, varieties, growers);
  const titlesOf = (key: string) =>
    extras.disclaimers.filter((d) => d.variety === key).map((d) => d.title);

  it.each([
    ['v-1', ['Tinted flowers']],
    ['v-2', ['Dyed flowers']],
    ['v-3', ['Airbrushed flowers']],
    ['v-4', ['Tinted flowers']],
    ['v-5', []],
    ['v-6', []],
  ])('gives %s the colour disclaimers %j', (key, titles) => {
    expect(titlesOf(key)).toEqual(titles);
  });

  it('covers anthurium head sizes by group, tropicals by category and importers by grower', () => {
    expect(extras.disclaimers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Anthurium head size', product_group: 'pg-anthurium' }),
        expect.objectContaining({ category: 'cat-tropicals' }),
        expect.objectContaining({ title: 'Importer stock', grower: 'gr-2' }),
      ]),
    );
    expect(extras.disclaimers.some((d) => d.grower === 'gr-1')).toBe(false);
  });

  it('sets exactly one match field on every disclaimer, with unique keys', () => {
    for (const d of extras.disclaimers) {
      expect([d.product_group, d.variety, d.category, d.grower].filter(Boolean)).toHaveLength(1);
    }
    expect(new Set(extras.disclaimers.map((d) => d.key)).size).toBe(extras.disclaimers.length);
  });

  it('is deterministic and depends on the seed', () => {
    const big = Array.from({ length: 300 }, (_, i) =>
      variety(`v-${i}`, `Name ${i}`, 'pg-hydrangea'),
    );
    const many = Array.from({ length: 40 }, (_, i) => grower(`gr-${i}`, 'CO'));
    const a = buildCatalogExtras(1, big, many);
    expect(buildCatalogExtras(1, big, many)).toEqual(a);
    expect([...buildCatalogExtras(2, big, many).productNotes]).not.toEqual([...a.productNotes]);
    expect(a.productNotes.size).toBeGreaterThan(30);
    expect(a.growerNotes.size).toBeGreaterThan(10);
  });

  it('lists the synonyms of the issue', () => {
    expect(extras.synonyms).toEqual(
      expect.arrayContaining([
        { text: 'hortensia', replacement: 'hydrangea' },
        { text: 'mums', replacement: 'chrysanthemum' },
        { text: 'gyp', replacement: 'gypsophila' },
      ]),
    );
  });
});
