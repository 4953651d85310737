import { describe, expect, it } from 'vitest';
import { VARIETY_IMAGE_VERSION } from '@stemline/shared';
import { generateCatalog } from '../seed/catalog-generator';
import { shapeOfGroup, varietyImageSvg } from './variety-image';

/** The product groups of the catalogue, as the seed makes them. */
const groups = generateCatalog({
  varieties: 30,
  growers: 6,
  firstEtaDate: 20261130,
  weeks: 1,
}).productGroups;

const facts = (overrides: Partial<Parameters<typeof varietyImageSvg>[0]> = {}) => ({
  name: 'Freedom',
  product_group_key: 'pg-rose',
  color_code: '#C8102E',
  color_key: 'col-red',
  ...overrides,
});

describe('varietyImageSvg', () => {
  it('is a small SVG in the variety colour, the same every time', () => {
    const svg = varietyImageSvg(facts());
    expect(svg).toBe(varietyImageSvg(facts()));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 96 96"/);
    expect(svg).toContain('#c8102e');
    expect(svg.length).toBeLessThan(3000);
  });

  it('draws groups differently and colours differently', () => {
    const rose = varietyImageSvg(facts());
    expect(varietyImageSvg(facts({ product_group_key: 'pg-hydrangea' }))).not.toBe(rose);
    expect(varietyImageSvg(facts({ color_code: '#FBFAF5' }))).not.toBe(rose);
  });

  it('gives each product group of the catalogue its own drawing', () => {
    const drawings = new Map<string, string>();
    for (const group of groups) {
      const svg = varietyImageSvg(facts({ product_group_key: group.key }));
      const same = [...drawings].find(([, other]) => other === svg)?.[0];
      expect(same, `${group.name} is drawn as ${same}`).toBeUndefined();
      drawings.set(group.name, svg);
    }
    expect(new Set(groups.map((group) => shapeOfGroup(group.key))).size).toBe(groups.length);
  });

  it.each(groups.map((group) => [group.name, group.key]))(
    '%s: drawn in the variety colour, with a darker outline, under 3 kB',
    (_, key) => {
      const pink = varietyImageSvg(facts({ product_group_key: key, color_code: '#F29CB7' }));
      const blue = varietyImageSvg(facts({ product_group_key: key, color_code: '#4F74C4' }));
      expect(pink).toContain('fill="#f29cb7"');
      expect(pink).toContain('stroke="#855665');
      expect(blue).toContain('fill="#4f74c4"');
      // Only the colours differ between the two.
      expect(pink.replace(/#[0-9a-f]{6}/g, '#')).toBe(blue.replace(/#[0-9a-f]{6}/g, '#'));
      expect(new TextEncoder().encode(pink).length).toBeLessThan(3000);
    },
  );

  it('is versioned: changed drawings come with a new VARIETY_IMAGE_VERSION', () => {
    // Picture URLs are cached a year as immutable; only a new version in them replaces the old.
    let hash = 2166136261;
    for (const group of groups) {
      for (const char of varietyImageSvg(facts({ product_group_key: group.key }))) {
        hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
      }
    }
    expect({ version: VARIETY_IMAGE_VERSION, drawings: hash }).toEqual({
      version: 2,
      drawings: 4251549001,
    });
  });

  it.each([
    ['pg-oriental-lily', 'lily'],
    ['pg-sunflower', 'sunflower'],
    ['pg-cymbidium-orchid', 'dendrobium'],
    ['pg-spray-roses-premium', 'sprayRose'],
    ['pg-something-new', 'gardenRose'],
  ])('draws a group the seed does not have by a word of its key: %s → %s', (key, shape) => {
    expect(shapeOfGroup(key)).toBe(shape);
  });

  it.each([
    ['an unknown group', { product_group_key: 'pg-new' }],
    ['a colour code that is not one', { color_code: '"><script>alert(1)</script>' }],
    ['a name with markup', { name: '<b>"Rose"</b>' }],
  ])('stays a clean drawing for %s', (_, overrides) => {
    const svg = varietyImageSvg(facts(overrides));
    expect(svg).not.toMatch(/<script|<b>|"Rose"/);
    expect(svg).toMatch(/<\/svg>$/);
  });
});
