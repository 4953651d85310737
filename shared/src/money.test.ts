import { describe, expect, it } from 'vitest';
import { formatCount, formatUsd, roundCents } from './money';

describe('formatUsd', () => {
  const cases = [
    { amount: 1234.5, expected: '$1,234.50' },
    { amount: 1.6, expected: '$1.60' },
    { amount: 0, expected: '$0.00' },
    { amount: 160, expected: '$160.00' },
    { amount: 1_234_567.891, expected: '$1,234,567.89' },
    { amount: 999.999, expected: '$1,000.00' },
    { amount: 0.1 + 0.2, expected: '$0.30' },
    { amount: -5, expected: '-$5.00' },
  ];
  for (const { amount, expected } of cases) {
    it(`shows ${amount} as ${expected}`, () => {
      expect(formatUsd(amount)).toBe(expected);
    });
  }
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [11_000, '11,000'],
    [1_234_567, '1,234,567'],
  ])('writes %d as %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });
});

describe('roundCents', () => {
  const cases = [
    { amount: 1.005, expected: 1.01 },
    { amount: 0.1 + 0.2, expected: 0.3 },
    { amount: 4.015, expected: 4.02 },
    { amount: 2.135, expected: 2.14 },
    { amount: 1234.505, expected: 1234.51 },
    { amount: 1.004999, expected: 1 },
    { amount: 1.60498, expected: 1.6 },
    { amount: 19.999, expected: 20 },
    { amount: 0, expected: 0 },
    { amount: 42, expected: 42 },
  ];
  for (const { amount, expected } of cases) {
    it(`rounds ${amount} to ${expected}`, () => {
      expect(roundCents(amount)).toBe(expected);
    });
  }

  it('rounds every half cent from $0 to $1,000 up, whatever its binary form', () => {
    const wrong: string[] = [];
    for (let cents = 0; cents < 100_000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}5`;
      if (roundCents(Number(text)) !== (cents + 1) / 100) wrong.push(text);
    }
    expect(wrong).toEqual([]);
  });
});
