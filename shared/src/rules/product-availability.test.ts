import { describe, expect, it } from 'vitest';
import type { Unit } from '../schemas/catalog';
import { boxesOffered } from './boxes';
import { availableGrowerKeys, isProductAvailable } from './product-availability';

describe('isProductAvailable', () => {
  const cases = [
    { name: 'growers and prices', growers: ['gr-1'], prices: [{}], expected: true },
    { name: 'no available grower', growers: [], prices: [{}], expected: false },
    { name: 'an empty filtered price set', growers: ['gr-1'], prices: [], expected: false },
    { name: 'neither', growers: [], prices: [], expected: false },
  ];
  it.each(cases)('$name → $expected', ({ growers, prices, expected }) => {
    expect(isProductAvailable({ availableGrowers: growers, filteredPrices: prices })).toBe(
      expected,
    );
  });
});

describe('availableGrowerKeys', () => {
  // 4 bunches of 25 stems a box: 100 stems make a box.
  const row = (grower_key: string, available: number, uom: Unit = 'stem') => ({
    grower_key,
    boxes: boxesOffered({ available, uom, stems_per_bunch: 25, bunches_in_box: 4 }),
  });
  const cases = [
    { name: 'no rows', rows: [], expected: [] },
    { name: 'a row with a whole box', rows: [row('gr-1', 100)], expected: ['gr-1'] },
    { name: 'a row short of one box', rows: [row('gr-1', 99)], expected: [] },
    { name: 'a sold-out row', rows: [row('gr-1', 0)], expected: [] },
    {
      name: 'bunch stock counts bunches per box',
      rows: [row('gr-1', 4, 'bunch'), row('gr-2', 3, 'bunch')],
      expected: ['gr-1'],
    },
    {
      name: 'each grower once, in first-seen order',
      rows: [row('gr-2', 500), row('gr-1', 0), row('gr-1', 200), row('gr-2', 100)],
      expected: ['gr-2', 'gr-1'],
    },
  ];
  it.each(cases)('$name → $expected', ({ rows, expected }) => {
    expect(availableGrowerKeys(rows)).toEqual(expected);
  });
});
