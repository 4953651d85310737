import { describe, expect, it } from 'vitest';
import type { Unit } from '../schemas/catalog';
import { boxesOffered } from './boxes';

describe('boxesOffered', () => {
  const cases: {
    name: string;
    available: number;
    uom: Unit;
    stemsPerBunch: number;
    bunchesInBox: number;
    expected: number;
  }[] = [
    {
      name: 'divides stem stock by the stems in a box',
      available: 300,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 3,
    },
    {
      name: 'floors stem stock that does not fill the last box',
      available: 399,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 3,
    },
    {
      name: 'offers nothing when less than one box of stems is left',
      available: 99,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 0,
    },
    {
      name: 'divides bunch stock by bunches per box without stems per bunch',
      available: 45,
      uom: 'bunch',
      stemsPerBunch: 10,
      bunchesInBox: 12,
      expected: 3,
    },
    {
      name: 'offers one box for exactly one box of bunches',
      available: 12,
      uom: 'bunch',
      stemsPerBunch: 10,
      bunchesInBox: 12,
      expected: 1,
    },
    {
      name: 'multiplies by stems per bunch for bouquets, as for stems',
      available: 250,
      uom: 'bouquet',
      stemsPerBunch: 10,
      bunchesInBox: 5,
      expected: 5,
    },
    {
      name: 'floors bouquet stock that does not fill the last box',
      available: 249,
      uom: 'bouquet',
      stemsPerBunch: 10,
      bunchesInBox: 5,
      expected: 4,
    },
    {
      name: 'offers exactly 30 boxes at the cap',
      available: 3000,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 30,
    },
    {
      name: 'caps a stock of 31 boxes at 30',
      available: 3100,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 30,
    },
    {
      name: 'caps a large bunch stock at 30',
      available: 1000,
      uom: 'bunch',
      stemsPerBunch: 10,
      bunchesInBox: 12,
      expected: 30,
    },
    {
      name: 'offers nothing for an empty stock',
      available: 0,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 0,
    },
    {
      name: 'never offers a negative number of boxes for a negative stock',
      available: -500,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 0,
    },
    {
      name: 'counts whole boxes of a fractional stock figure',
      available: 299.9,
      uom: 'stem',
      stemsPerBunch: 25,
      bunchesInBox: 4,
      expected: 2,
    },
  ];

  for (const { name, available, uom, stemsPerBunch, bunchesInBox, expected } of cases) {
    it(name, () => {
      expect(
        boxesOffered({
          available,
          uom,
          stems_per_bunch: stemsPerBunch,
          bunches_in_box: bunchesInBox,
        }),
      ).toBe(expected);
    });
  }
});
