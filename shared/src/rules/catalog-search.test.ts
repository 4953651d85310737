import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  isRoseGroup,
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
  /* 0 */ ['Freedom', 'Roses', 'Red', 'wedding', 'Finca Rosaprima', 'Ecuador'],
  /* 1 */ ['Mondial', 'Roses', 'White', 'wedding', 'Finca Rosaprima', 'Ecuador'],
  /* 2 */ ['Moonlight', 'Carnations', 'White', 'Agrícola Cajicá', 'Colombia'],
  /* 3 */ ['Shocking Blue', 'Hydrangea', 'Blue', 'Agrícola Cajicá', 'Colombia'],
  /* 4 */ ['Zembla', 'Disbud Mums', 'White', 'Kwekerij Jansen', 'Netherlands'],
  /* 5 */ ['Million Stars', 'Gypsophila', 'White', 'tinted', 'Flores del Valle', 'Colombia'],
  /* 6 */ ['Red Naomi', 'Spray Roses', 'Red', 'Finca Rosaprima', 'Ecuador'],
];
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
      expected: { 0: 1, 1: 1, 6: 1 },
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
  const items = documents.map((texts, doc) => ({ doc, group: texts[1] ?? '' }));
  const rank = (query: string, order: typeof items = items) =>
    rankByMatches(
      order,
      (item) => item.doc,
      searchIndex(index, query),
      (item) => isRoseGroup(item.group),
    ).map((item) => item.doc);

  it('puts the best match count first', () => {
    expect(rank('white carnations')).toEqual([2, 1, 4, 5]);
  });

  it('ranks rose groups up among equal counts', () => {
    expect(rank('white')).toEqual([1, 2, 4, 5]);
    expect(rank('white', [...items].reverse())).toEqual([1, 5, 4, 2]);
  });

  it('does not rank a rose above a better match', () => {
    expect(rank('moonlight white')).toEqual([2, 1, 4, 5]);
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
