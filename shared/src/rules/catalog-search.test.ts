import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  isRoseGroup,
  lengthMatchesSearch,
  MAX_QUERY_WORDS,
  rankByMatches,
  searchIndex,
  searchTokens,
} from './catalog-search';
import type { SearchTextReplacement } from '../schemas/variety-list';

describe('searchTokens', () => {
  const cases = [
    { text: 'Freedom', expected: ['freedom'] },
    { text: '  Hot-Pink, Spray Roses! ', expected: ['hot', 'pink', 'spray', 'roses'] },
    { text: 'Agrícola Cajicá', expected: ['agricola', 'cajica'] },
    { text: "Baby's Breath", expected: ['babys', 'breath'] },
    { text: '60cm / 25 stems', expected: ['60cm', '25', 'stems'] },
    { text: '', expected: [] },
    { text: '%%% <> ,,,', expected: [] },
  ];
  it.each(cases)('$text → $expected', ({ text, expected }) => {
    expect(searchTokens(text)).toEqual(expected);
  });
});

const documents = [
  /* 0 */ ['Freedom', 'Roses', 'Red', 'Finca Rosaprima', 'Ecuador', 'wedding'],
  /* 1 */ ['Mondial', 'Roses', 'White', 'Finca Rosaprima', 'Ecuador', 'wedding'],
  /* 2 */ ['Moonlight', 'Carnations', 'White', 'Agrícola Cajicá', 'Colombia'],
  /* 3 */ ['Shocking Blue', 'Hydrangea', 'Blue', 'Agrícola Cajicá', 'Colombia'],
  /* 4 */ ['Zembla', 'Disbud Mums', 'White', 'Kwekerij Jansen', 'Netherlands'],
  /* 5 */ ['Million Stars', 'Gypsophila', 'White', 'Flores del Valle', 'Colombia', 'tinted'],
  /* 6 */ ['Red Naomi', 'Spray Roses', 'Red', 'Finca Rosaprima', 'Ecuador'],
  /* 7 */ ['Crystal Blush', 'Calla Lilies', 'Pink', 'Royal Van Zanten', 'Netherlands'],
  /* 8 */ ['Sarah Bernhardt', 'Peonies', 'Blush', 'Royal Van Zanten', 'Netherlands'],
].map((texts) => texts.map((text, field) => ({ text, weight: [5, 6, 4, 2, 1][field] ?? 3 })));
const index = buildSearchIndex(documents);

function hits(
  query: string,
  replacements?: readonly SearchTextReplacement[],
): Record<number, number> {
  const { counts } = searchIndex(index, query, replacements);
  const result: Record<number, number> = {};
  counts.forEach((count, doc) => {
    if (count > 0) result[doc] = count;
  });
  return result;
}

describe('searchIndex', () => {
  const cases: { name: string; query: string; expected: Record<number, number> }[] = [
    { name: 'a blank query matches nothing', query: '   ', expected: {} },
    { name: 'punctuation alone matches nothing', query: '?!,', expected: {} },
    { name: 'a name', query: 'freedom', expected: { 0: 1 } },
    { name: 'a name prefix, as typed', query: 'fre', expected: { 0: 1 } },
    { name: 'case and accents do not matter', query: 'AGRICOLA', expected: { 2: 1, 3: 1 } },
    { name: 'a colour', query: 'blue', expected: { 3: 1 } },
    { name: 'a farm', query: 'jansen', expected: { 4: 1 } },
    { name: 'a tag', query: 'tinted', expected: { 5: 1 } },
    { name: 'a country', query: 'colombia', expected: { 2: 1, 3: 1, 5: 1 } },
    {
      name: 'counts each matched word once',
      query: 'red roses',
      expected: { 0: 2, 1: 1, 6: 2 },
    },
    {
      name: 'a word matching two tokens of one document counts once',
      query: 'r',
      expected: { 0: 1, 1: 1, 6: 1, 7: 1, 8: 1 },
    },
    { name: 'a plural finds the singular', query: 'hydrangeas', expected: { 3: 1 } },
    {
      name: 'a repeated word counts once',
      query: 'white white',
      expected: { 1: 1, 2: 1, 4: 1, 5: 1 },
    },
    { name: 'a synonym finds its target', query: 'hortensia', expected: { 3: 1 } },
    { name: 'a shorthand synonym', query: 'gyp', expected: { 5: 1 } },
    { name: 'a synonym keeps the word itself', query: 'mums', expected: { 4: 1 } },
    { name: 'a multi-word synonym', query: "baby's breath", expected: { 5: 1 } },
    {
      name: 'regex characters are plain text',
      query: '.* (roses)',
      expected: { 0: 1, 1: 1, 6: 1 },
    },
    { name: 'no match', query: 'sunflower', expected: {} },
    { name: 'a singular finds the plural', query: 'hydrangea', expected: { 3: 1 } },
    { name: 'a -ies plural finds its -y singular', query: 'lily', expected: { 7: 1 } },
    { name: 'an -y singular finds its -ies plural', query: 'peony', expected: { 8: 1 } },
    { name: 'the plural finds the -ies plural', query: 'peonies', expected: { 8: 1 } },
    { name: 'mum finds Mums', query: 'mum', expected: { 4: 1 } },
    { name: 'a typo in a long word is forgiven', query: 'hydarngea', expected: { 3: 1 } },
    { name: 'a typo while still typing', query: 'gypsoh', expected: { 5: 1 } },
    { name: 'a letter left out', query: 'freedm', expected: { 0: 1 } },
    { name: 'a short word must be exact', query: 'rde', expected: {} },
    { name: 'two typos are not forgiven', query: 'hydrnagae', expected: {} },
    { name: 'a number is no text word', query: 'freedom 60', expected: { 0: 1 } },
    { name: 'joining words are left out', query: 'red and roses', expected: { 0: 2, 1: 1, 6: 2 } },
  ];
  it.each(cases)('$name', ({ query, expected }) => {
    expect(hits(query)).toEqual(expected);
  });

  it('uses the replacements it is given instead of the defaults', () => {
    expect(hits('hortensia', [])).toEqual({});
    expect(hits('bleu', [{ text: 'bleu', replacement: 'blue' }])).toEqual({ 3: 1 });
  });

  it('finds a synonym of several words', () => {
    expect(hits('fuchsia', [{ text: 'fuchsia', replacement: 'red naomi' }])).toEqual({
      0: 1,
      6: 2,
    });
  });

  it('reads at most MAX_QUERY_WORDS words', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(searchIndex(index, `${words} freedom`).wordCount).toBe(MAX_QUERY_WORDS);
    expect(hits(`${words} freedom`)).toEqual({});
  });

  it('answers for an empty index', () => {
    expect(searchIndex(buildSearchIndex([]), 'rose').counts).toHaveLength(0);
  });
});

describe('rankByMatches', () => {
  const items = documents
    .slice(0, 7)
    .map((texts, doc) => ({ doc, group: (texts[1] as { text: string } | undefined)?.text ?? '' }));
  const rank = (query: string, order: typeof items = items) =>
    rankByMatches(
      order,
      (item) => item.doc,
      searchIndex(index, query),
      (item) => isRoseGroup(item.group),
    ).map((item) => item.doc);

  it('keeps only the items that match every word', () => {
    expect(rank('white carnations')).toEqual([2]);
    expect(rank('red roses')).toEqual([6, 0]);
    expect(rank('white sunflower')).toEqual([]);
  });

  it('ranks rose groups up among equal matches', () => {
    expect(rank('white')).toEqual([1, 2, 4, 5]);
    expect(rank('white', [...items].reverse())).toEqual([1, 5, 4, 2]);
  });

  it('puts a match in the name or group above one in a farm, and a whole word above its start', () => {
    expect(rank('red')).toEqual([6, 0]);
    expect(rank('ros')).toEqual([0, 1, 6]);
    expect(rank('rosaprima')).toEqual([0, 1, 6]);
  });

  it('keeps every item for numbers alone (stem lengths), and none for a blank query', () => {
    expect(rank('60')).toEqual(items.map((item) => item.doc));
    expect(rank('')).toEqual([]);
  });

  it('keeps the given order within a bucket', () => {
    expect(
      rank(
        'ecuador',
        [items[6], items[1], items[0]].filter((i) => i !== undefined),
      ),
    ).toEqual([6, 1, 0]);
  });

  it('leaves out items that match no word', () => {
    expect(rank('jansen')).toEqual([4]);
    expect(rank('')).toEqual([]);
  });
});

describe('lengthMatchesSearch', () => {
  it('matches a length that starts with a typed number, or any length with none typed', () => {
    expect(lengthMatchesSearch(60, ['60'])).toBe(true);
    expect(lengthMatchesSearch(60, ['6'])).toBe(true);
    expect(lengthMatchesSearch(40, ['60'])).toBe(false);
    expect(lengthMatchesSearch(40, ['60', '40'])).toBe(true);
    expect(lengthMatchesSearch(40, [])).toBe(true);
  });

  it('reads 60 cm, 60cm and 060 as 60', () => {
    const index = buildSearchIndex([]);
    expect(searchIndex(index, '60 cm').lengths).toEqual(['60']);
    expect(searchIndex(index, '60cm').lengths).toEqual(['60']);
    expect(searchIndex(index, 'rose 060').lengths).toEqual(['60']);
  });
});

describe('isRoseGroup', () => {
  const cases = [
    { name: 'Roses', expected: true },
    { name: 'Spray Roses', expected: true },
    { name: 'Garden Roses', expected: true },
    { name: 'rose', expected: true },
    { name: 'Primrose', expected: false },
    { name: 'Rosemary', expected: false },
    { name: 'Carnations', expected: false },
  ];
  it.each(cases)('$name → $expected', ({ name, expected }) => {
    expect(isRoseGroup(name)).toBe(expected);
  });
});
