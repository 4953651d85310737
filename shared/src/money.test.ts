import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  dollarsToMills,
  formatCents,
  formatCount,
  millsToDollars,
  wholeCents,
} from './money';

describe('formatCents', () => {
  const cases = [
    { cents: 123_450, expected: '$1,234.50' },
    { cents: 160, expected: '$1.60' },
    { cents: 0, expected: '$0.00' },
    { cents: 16_000, expected: '$160.00' },
    { cents: 123_456_789, expected: '$1,234,567.89' },
    { cents: 100_000, expected: '$1,000.00' },
    { cents: 30, expected: '$0.30' },
    { cents: 1, expected: '$0.01' },
    { cents: -500, expected: '-$5.00' },
  ];
  for (const { cents, expected } of cases) {
    it(`shows ${cents} cents as ${expected}`, () => {
      expect(formatCents(cents)).toBe(expected);
    });
  }

  it('shows every whole number of cents up to $10,000 with its own digits', () => {
    const wrong: number[] = [];
    for (let cents = 0; cents <= 1_000_000; cents += 7) {
      const digits = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      if (formatCents(cents).replace(/[$,]/g, '') !== digits) wrong.push(cents);
    }
    expect(wrong).toEqual([]);
  });
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

describe('wholeCents', () => {
  it.each([
    [160.498, 160, 'below half a cent, down'],
    [121.5, 122, 'half a cent, up'],
    [1350 * 0.9, 1215, 'a ratio that lands just above a whole cent (1215.0000000000002)'],
    [13_338 * 0.15, 2001, 'a referral discount of $133.38'],
    [430 * 0.15, 65, 'half a cent reached through binary drift (64.49999999999999)'],
    [0, 0, 'nothing'],
  ])('%d → %i (%s)', (value, cents) => {
    expect(wholeCents(value)).toBe(cents);
  });
});

describe('dollarsToCents', () => {
  const cases = [
    { dollars: 12.34, cents: 1234 },
    { dollars: 0.1 + 0.2, cents: 30 },
    { dollars: 1e6, cents: 100_000_000 },
    { dollars: 1.005, cents: 101 },
    { dollars: 4.015, cents: 402 },
    { dollars: 2.135, cents: 214 },
    { dollars: 1234.505, cents: 123_451 },
    { dollars: 1.004999, cents: 100 },
    { dollars: 19.999, cents: 2000 },
    { dollars: 0, cents: 0 },
  ];
  for (const { dollars, cents } of cases) {
    it(`turns $${dollars} into ${cents} cents`, () => {
      expect(dollarsToCents(dollars)).toBe(cents);
    });
  }

  it('rounds every half cent from $0 to $1,000 up, whatever its binary form', () => {
    const wrong: string[] = [];
    for (let cents = 0; cents < 100_000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}5`;
      if (dollarsToCents(Number(text)) !== cents + 1) wrong.push(text);
    }
    expect(wrong).toEqual([]);
  });

  it('gives back every whole number of cents that centsToDollars gave (the spec answers’ round trip)', () => {
    const wrong: number[] = [];
    for (let cents = 0; cents <= 2_000_000; cents += 3) {
      if (dollarsToCents(centsToDollars(cents)) !== cents) wrong.push(cents);
    }
    expect(wrong).toEqual([]);
  });
});

describe('mills', () => {
  it.each([
    [0.95, 950],
    [0.285, 285],
    [18, 18_000],
    [0, 0],
  ])('$%d is %i mills and back', (dollars, mills) => {
    expect(dollarsToMills(dollars)).toBe(mills);
    expect(millsToDollars(mills)).toBe(dollars);
  });

  it('rounds half a mill up', () => {
    expect(dollarsToMills(4.0155)).toBe(4016);
    expect(dollarsToMills(0.0004)).toBe(0);
  });
});
