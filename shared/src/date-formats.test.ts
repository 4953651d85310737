import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  formatInputDate,
  formatRequestDate,
  parseInputDate,
  parseRequestDate,
  typedDateHint,
} from './date-formats';

const day = (iso: string) => Temporal.PlainDate.from(iso);

describe('formatInputDate and formatRequestDate', () => {
  const cases = [
    { iso: '2026-11-30', input: '2026-11-30', request: '2026/11/30' },
    { iso: '2027-01-04', input: '2027-01-04', request: '2027/1/4' },
    { iso: '2026-10-01', input: '2026-10-01', request: '2026/10/1' },
    { iso: '2028-02-29', input: '2028-02-29', request: '2028/2/29' },
  ];
  for (const { iso, input, request } of cases) {
    it(`writes ${iso} as ${input} to type and ${request} to send`, () => {
      expect(formatInputDate(day(iso))).toBe(input);
      expect(formatRequestDate(day(iso))).toBe(request);
      expect(parseInputDate(input)?.toString()).toBe(iso);
      expect(parseRequestDate(request)?.toString()).toBe(iso);
    });
  }
});

describe('parseInputDate', () => {
  const invalid = [
    { name: 'February 30', text: '2026-02-30' },
    { name: 'February 29 of a common year', text: '2027-02-29' },
    { name: 'month 13', text: '2026-13-01' },
    { name: 'day 0', text: '2026-11-00' },
    { name: 'a month without its leading zero', text: '2026-1-04' },
    { name: 'the request form', text: '2026/11/30' },
    { name: 'the URL form', text: '20261130' },
    { name: 'a two-digit year', text: '26-11-30' },
    { name: 'surrounding spaces', text: ' 2026-11-30 ' },
    { name: 'a trailing newline', text: '2026-11-30\n' },
    { name: 'a time after the date', text: '2026-11-30T10:00' },
    { name: 'full-width digits', text: '２０２６-１１-３０' },
    { name: 'Arabic-Indic digits', text: '٢٠٢٦-١١-٣٠' },
    { name: 'an empty string', text: '' },
    { name: 'markup', text: '<script>2026-11-30</script>' },
  ];
  for (const { name, text } of invalid) {
    it(`refuses ${name}`, () => {
      expect(parseInputDate(text)).toBeNull();
    });
  }
});

describe('parseRequestDate', () => {
  it('reads month and day with a leading zero too', () => {
    expect(parseRequestDate('2027/01/04')?.toString()).toBe('2027-01-04');
  });

  for (const text of ['2026/2/30', '2026/11/30/', '2026-11-30', '2026/123/1', '']) {
    it(`refuses '${text}'`, () => {
      expect(parseRequestDate(text)).toBeNull();
    });
  }
});

describe('typedDateHint', () => {
  it('says the typed form in words, with the example written as it is typed', () => {
    expect(typedDateHint(day('2027-01-04'))).toBe(
      'Type it as year-month-day, for example 2027-01-04.',
    );
  });
});
