import { describe, expect, it } from 'vitest';
import { applySearchTextReplacements } from './search-text-replacement';

const synonyms = [
  { text: 'hortensia', replacement: 'hydrangea' },
  { text: 'mums', replacement: 'chrysanthemum' },
  { text: 'gyp', replacement: 'gypsophila' },
  { text: "baby's breath", replacement: 'gypsophila' },
  { text: 'baby', replacement: 'mini' },
];

describe('applySearchTextReplacements', () => {
  it.each([
    ['hortensia', 'hydrangea'],
    ['Hortensia  White', 'hydrangea white'],
    ['white mums', 'white chrysanthemum'],
    ["Baby's Breath", 'gypsophila'],
    ['baby roses', 'mini roses'],
    ['gypsy', 'gypsy'],
    ['mumsy gyp', 'mumsy gypsophila'],
    ['', ''],
    ['   ', ''],
    ['<script>', '<script>'],
  ])('rewrites %j as %j', (query, expected) => {
    expect(applySearchTextReplacements(query, synonyms)).toBe(expected);
  });

  it('leaves a query alone without synonyms', () => {
    expect(applySearchTextReplacements('Red Roses', [])).toBe('red roses');
  });
});
