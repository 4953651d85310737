import { describe, expect, it } from 'vitest';
import { statementNumber, statementNumberMonth, statementNumberSchema } from './statement-number';

describe('statementNumber', () => {
  it('is stable for one customer and month, and names the month', () => {
    const number = statementNumber('c-bennett', '2026-11');
    expect(number).toBe(statementNumber('c-bennett', '2026-11'));
    expect(number).toMatch(/^ST-202611-[0-9A-F]{8}$/);
    expect(statementNumberMonth(number)).toBe('2026-11');
    expect(statementNumberSchema.safeParse(number).success).toBe(true);
  });

  it('differs between customers of the same month', () => {
    const keys = ['c-bennett', 'c-newbuyer', 'c-guest', 'c-bennetu', 'c-1', 'c-2'];
    const numbers = new Set(keys.map((key) => statementNumber(key, '2026-11')));
    expect(numbers.size).toBe(keys.length);
  });

  it.each([
    ['ST-202613-7F3A9C21', 'month 13'],
    ['ST-202611-7f3a9c21', 'lower-case digits'],
    ['ST-202611-7F3A9C2', 'seven digits'],
    ['ST-202611-7F3A9C21.pdf', 'a suffix'],
    ['../ST-202611-7F3A9C21', 'a path'],
    ['ST-202611-7F3A9C21\n', 'a line break'],
  ])('refuses %j (%s)', (text) => {
    expect(statementNumberSchema.safeParse(text).success).toBe(false);
  });
});
