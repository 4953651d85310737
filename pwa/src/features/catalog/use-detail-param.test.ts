import { describe, expect, it } from 'vitest';
import { detailKeyOf } from './use-detail-param';

describe('detailKeyOf', () => {
  const cases: { name: string; search: string; expected: string | null }[] = [
    { name: 'no parameter', search: '?date=20261123', expected: null },
    { name: 'a variety key', search: '?date=20261123&variety=v-0042', expected: 'v-0042' },
    {
      name: 'without the question mark',
      search: 'variety=rose_freedom.1',
      expected: 'rose_freedom.1',
    },
    { name: 'an empty value', search: '?variety=', expected: null },
    { name: 'a script', search: '?variety=%3Cscript%3E', expected: null },
    { name: 'a path', search: '?variety=..%2F..%2Fetc', expected: null },
    { name: 'spaces', search: '?variety=a%20b', expected: null },
    { name: 'an overlong key', search: `?variety=${'a'.repeat(65)}`, expected: null },
    { name: 'the longest key', search: `?variety=${'a'.repeat(64)}`, expected: 'a'.repeat(64) },
    { name: 'the first of two', search: '?variety=one&variety=two', expected: 'one' },
  ];
  it.each(cases)('$name → $expected', ({ search, expected }) => {
    expect(detailKeyOf(search)).toBe(expected);
  });
});
