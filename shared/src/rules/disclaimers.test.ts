import { describe, expect, it } from 'vitest';
import type { Disclaimer } from '../schemas/catalog-entities';
import { disclaimersFor } from './disclaimers';

const none = { product_group: null, variety: null, category: null, grower: null };
const d = (key: string, match: Partial<Disclaimer>): Disclaimer => ({
  key,
  title: key,
  description: '',
  ...none,
  ...match,
});

const disclaimers = [
  d('tinted', { variety: 'v-1' }),
  d('head-size', { product_group: 'pg-anthurium' }),
  d('tropical-cold', { category: 'cat-tropicals' }),
  d('importer', { grower: 'gr-9' }),
  d('empty', {}),
];

const anthurium = { key: 'v-2', product_group_key: 'pg-anthurium', category_key: 'cat-tropicals' };
const tintedRose = { key: 'v-1', product_group_key: 'pg-rose', category_key: 'cat-roses' };
const plainRose = { key: 'v-3', product_group_key: 'pg-rose', category_key: 'cat-roses' };

describe('disclaimersFor', () => {
  it.each<[string, typeof anthurium, string | undefined, string[]]>([
    ['a tinted variety', tintedRose, undefined, ['tinted']],
    ['an anthurium, by group and category', anthurium, undefined, ['head-size', 'tropical-cold']],
    [
      'an anthurium of the flagged grower',
      anthurium,
      'gr-9',
      ['head-size', 'tropical-cold', 'importer'],
    ],
    ['a plain rose', plainRose, undefined, []],
    ['a plain rose of another grower', plainRose, 'gr-1', []],
    ['a plain rose of the flagged grower', plainRose, 'gr-9', ['importer']],
  ])('matches %s', (_, variety, grower, keys) => {
    expect(disclaimersFor(disclaimers, variety, grower).map((x) => x.key)).toEqual(keys);
  });

  it('never matches a disclaimer without a match field, even for empty keys', () => {
    const blank = { key: '', product_group_key: '', category_key: '' };
    expect(disclaimersFor([d('empty', {})], blank, '')).toEqual([]);
  });
});
