import { describe, expect, it } from 'vitest';
import type { Unit } from '../schemas/catalog';
import {
  boxCopies,
  bunchesInStock,
  customBoxBunchCount,
  customBoxCents,
  openCustomBoxFor,
  percentPerBunch,
  type CustomBoxFill,
} from './custom-box';

describe('customBoxBunchCount', () => {
  const cases = [
    { name: 'an empty box of 12 bunches', filled: 0, perBunch: 100 / 12, stock: 500, expected: 12 },
    { name: 'an empty box of 3 bunches', filled: 0, perBunch: 100 / 3, stock: 500, expected: 3 },
    { name: 'floors a partial bunch', filled: 30, perBunch: 20, stock: 500, expected: 3 },
    { name: 'exactly fills what is left', filled: 40, perBunch: 20, stock: 500, expected: 3 },
    { name: 'is limited by stock', filled: 0, perBunch: 5, stock: 7, expected: 7 },
    { name: 'a full box takes nothing', filled: 100, perBunch: 10, stock: 500, expected: 0 },
    { name: 'an overfull box takes nothing', filled: 130, perBunch: 10, stock: 500, expected: 0 },
    { name: 'a negative fill counts as empty', filled: -50, perBunch: 25, stock: 500, expected: 4 },
    { name: 'no stock', filled: 0, perBunch: 10, stock: 0, expected: 0 },
    { name: 'negative stock', filled: 0, perBunch: 10, stock: -3, expected: 0 },
    { name: 'a zero share per bunch', filled: 0, perBunch: 0, stock: 500, expected: 0 },
    { name: 'a negative share per bunch', filled: 0, perBunch: -10, stock: 500, expected: 0 },
    { name: 'NaN share per bunch', filled: 0, perBunch: Number.NaN, stock: 500, expected: 0 },
    { name: 'NaN fill', filled: Number.NaN, perBunch: 10, stock: 500, expected: 0 },
    { name: 'infinite stock', filled: 0, perBunch: 10, stock: Infinity, expected: 0 },
    { name: 'a bunch larger than the box', filled: 0, perBunch: 150, stock: 500, expected: 0 },
  ];
  it.each(cases)('$name → $expected', ({ filled, perBunch, stock, expected }) => {
    expect(
      customBoxBunchCount({
        filledPercentage: filled,
        percentPerBunch: perBunch,
        bunchesInStock: stock,
      }),
    ).toBe(expected);
  });
});

describe('percentPerBunch', () => {
  const cases = [
    { name: 'an even share of the box', row: { bunches_in_box: 8 }, expected: 12.5 },
    { name: 'the row’s own share', row: { bunches_in_box: 8, bunch_percentage: 10 }, expected: 10 },
    { name: 'a zero share given', row: { bunches_in_box: 8, bunch_percentage: 0 }, expected: 0 },
    {
      name: 'a NaN share given',
      row: { bunches_in_box: 8, bunch_percentage: Number.NaN },
      expected: 0,
    },
    { name: 'no bunches in box', row: { bunches_in_box: 0 }, expected: 0 },
  ];
  it.each(cases)('$name → $expected', ({ row, expected }) => {
    expect(percentPerBunch(row)).toBe(expected);
  });
});

describe('bunchesInStock', () => {
  const cases: { name: string; available: number; uom: Unit; spb: number; expected: number }[] = [
    { name: 'stems in whole bunches', available: 260, uom: 'stem', spb: 25, expected: 10 },
    { name: 'bunch stock as is', available: 14, uom: 'bunch', spb: 10, expected: 14 },
    { name: 'bouquet stock by stems', available: 30, uom: 'bouquet', spb: 10, expected: 3 },
    { name: 'nothing left', available: 0, uom: 'stem', spb: 25, expected: 0 },
    { name: 'negative stock', available: -25, uom: 'stem', spb: 25, expected: 0 },
    { name: 'zero stems per bunch', available: 100, uom: 'stem', spb: 0, expected: 0 },
  ];
  it.each(cases)('$name → $expected', ({ available, uom, spb, expected }) => {
    expect(bunchesInStock({ available, uom, stems_per_bunch: spb })).toBe(expected);
  });
});

describe('openCustomBoxFor', () => {
  const box = (key: string, change: Partial<CustomBoxFill> = {}) => ({
    key,
    grower_key: 'g1',
    eta_date: 20261201,
    closed: false,
    fill_percent: 40,
    updated_at: 1,
    ...change,
  });
  const cases: { name: string; boxes: ReturnType<typeof box>[]; expected: string | undefined }[] = [
    { name: 'no boxes', boxes: [], expected: undefined },
    { name: 'an open box of the grower and date', boxes: [box('a')], expected: 'a' },
    { name: 'another grower', boxes: [box('a', { grower_key: 'g2' })], expected: undefined },
    { name: 'another date', boxes: [box('a', { eta_date: 20261202 })], expected: undefined },
    { name: 'a closed box', boxes: [box('a', { closed: true })], expected: undefined },
    { name: 'a full box', boxes: [box('a', { fill_percent: 100 })], expected: undefined },
    { name: 'an overfull box', boxes: [box('a', { fill_percent: 120 })], expected: undefined },
    { name: 'a NaN fill', boxes: [box('a', { fill_percent: Number.NaN })], expected: undefined },
    { name: 'an empty open box', boxes: [box('a', { fill_percent: 0 })], expected: 'a' },
    {
      name: 'the box changed last',
      boxes: [box('a', { updated_at: 5 }), box('b', { updated_at: 9 }), box('c')],
      expected: 'b',
    },
    {
      name: 'skips a full box changed later',
      boxes: [box('a', { updated_at: 5 }), box('b', { updated_at: 9, fill_percent: 100 })],
      expected: 'a',
    },
  ];
  it.each(cases)('$name → $expected', ({ boxes, expected }) => {
    expect(openCustomBoxFor(boxes, 'g1', 20261201)?.key).toBe(expected);
  });

  it('leaves room for exactly what the open box has not used', () => {
    const open = openCustomBoxFor([box('a', { fill_percent: 62.5 })], 'g1', 20261201);
    expect(
      customBoxBunchCount({
        filledPercentage: open?.fill_percent ?? 0,
        percentPerBunch: 12.5,
        bunchesInStock: 100,
      }),
    ).toBe(3);
  });
});

describe('customBoxCents', () => {
  const items = [
    { stem_price_cents: 45, bunches: 2, uom: 'stem' as Unit, stems_per_bunch: 25 },
    { stem_price_cents: 310, bunches: 3, uom: 'bunch' as Unit, stems_per_bunch: 10 },
  ];
  const oneBox = 45 * 2 * 25 + 310 * 3;

  it.each([
    ['one box when the count is absent (ordered before it existed)', undefined, oneBox],
    ['one box', 1, oneBox],
    ['every box of the content', 5, 5 * oneBox],
    ['the spec’s 30 boxes', 30, 30 * oneBox],
  ])('charges %s', (_, count, cents) => {
    expect(customBoxCents({ items, number_boxes: count })).toBe(cents);
    expect(boxCopies({ number_boxes: count })).toBe(count ?? 1);
  });
});
