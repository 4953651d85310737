import { describe, expect, it } from 'vitest';
import { boxChangesArgsSchema } from '../schemas/cart-edits';
import { decideBoxChange } from './cart-edits';

describe('decideBoxChange', () => {
  const cases = [
    {
      name: 'fewer boxes are always allowed',
      current: 5,
      requested: 2,
      available: 0,
      expected: { kind: 'applied', boxes: 2 },
    },
    {
      name: 'zero boxes removes the line',
      current: 5,
      requested: 0,
      available: 0,
      expected: { kind: 'applied', boxes: 0 },
    },
    {
      name: 'the same count changes nothing',
      current: 3,
      requested: 3,
      available: 0,
      expected: { kind: 'applied', boxes: 3 },
    },
    {
      name: 'more boxes take stock when it remains',
      current: 1,
      requested: 4,
      available: 300,
      expected: { kind: 'applied', boxes: 4 },
    },
    {
      name: 'more boxes than the stock holds grant what remains',
      current: 1,
      requested: 9,
      available: 200,
      expected: { kind: 'applied', boxes: 3, message: 'Only 2 boxes were left' },
    },
    {
      name: 'no stock left rejects an increase',
      current: 2,
      requested: 3,
      available: 99,
      expected: { kind: 'rejected', code: 'sold_out' },
    },
    {
      name: 'the 30-box cap holds',
      current: 28,
      requested: 30,
      available: 100_000,
      expected: { kind: 'applied', boxes: 30 },
    },
  ] as const;
  for (const testCase of cases) {
    it(testCase.name, () => {
      expect(
        decideBoxChange({
          currentBoxes: testCase.current,
          boxesOnOtherLines: 0,
          requestedBoxes: testCase.requested,
          availableUnits: testCase.available,
          unitsPerBox: 100,
        }),
      ).toMatchObject(testCase.expected);
    });
  }
});

describe('decideBoxChange across delivery addresses', () => {
  const change = (current: number, others: number, requested: number) =>
    decideBoxChange({
      currentBoxes: current,
      boxesOnOtherLines: others,
      requestedBoxes: requested,
      availableUnits: 100_000,
      unitsPerBox: 100,
    });

  it.each([
    ['another line already holds all 30', 5, 25, 6, { kind: 'rejected', code: 'box_limit' }],
    ['another line holds 20 of the 30', 5, 20, 30, { kind: 'applied', boxes: 10 }],
    ['lowering a line is never capped', 20, 25, 10, { kind: 'applied', boxes: 10 }],
  ] as const)('%s', (_case, current, others, requested, expected) => {
    expect(change(current, others, requested)).toMatchObject(expected);
  });
});

describe('boxChangesArgsSchema', () => {
  it('accepts whole box counts as numbers or digit strings', () => {
    expect(boxChangesArgsSchema.parse({ changes: [{ key: '7-20261130', boxes: '3' }] })).toEqual({
      changes: [{ key: '7-20261130', boxes: 3 }],
    });
  });

  it('reads a box count a form field padded with spaces', () => {
    expect(boxChangesArgsSchema.parse({ changes: [{ key: 'a', boxes: ' 4 ' }] })).toEqual({
      changes: [{ key: 'a', boxes: 4 }],
    });
  });

  const hostile = [
    { changes: [] },
    { changes: [{ key: 'a', boxes: -1 }] },
    { changes: [{ key: 'a', boxes: 31 }] },
    { changes: [{ key: 'a', boxes: 1.5 }] },
    { changes: [{ key: 'a', boxes: 'abc' }] },
    { changes: [{ key: 'a', boxes: '' }] },
    { changes: [{ key: 'a', boxes: `${' '.repeat(100_000)}3` }] },
    { changes: [{ key: '', boxes: 1 }] },
    { changes: [{ key: 'x'.repeat(65), boxes: 1 }] },
    { changes: [{ key: 'a', boxes: { valueOf: 2 } }] },
    { changes: Array.from({ length: 51 }, () => ({ key: 'a', boxes: 1 })) },
  ];
  for (const [index, args] of hostile.entries()) {
    it(`rejects hostile input #${index + 1} instead of reading it as 0 (which would remove a line)`, () => {
      expect(boxChangesArgsSchema.safeParse(args).success).toBe(false);
    });
  }
});
