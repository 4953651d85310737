import { describe, expect, it } from 'vitest';
import { varietyImageSvg } from './variety-image';

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
