import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { formatEtaDate, isEtaDate } from './eta-date-text';
import { isWeekend, marketToday, nextWeekdays, parseEtaDate, toEtaDate } from './dates';

const day = (iso: string) => Temporal.PlainDate.from(iso);
const epochMs = (instant: string) => Temporal.Instant.from(instant).epochMilliseconds;
const isoDates = (dates: Temporal.PlainDate[]) => dates.map((date) => date.toString());

describe('toEtaDate', () => {
  const cases = [
    { iso: '2026-11-30', expected: 20261130 },
    { iso: '2026-01-01', expected: 20260101 },
    { iso: '2026-12-31', expected: 20261231 },
    { iso: '2028-02-29', expected: 20280229 },
    { iso: '2000-01-01', expected: 20000101 },
  ];
  for (const { iso, expected } of cases) {
    it(`writes ${iso} as ${expected}`, () => {
      expect(toEtaDate(day(iso))).toBe(expected);
    });
  }
});

describe('parseEtaDate', () => {
  for (const iso of ['2026-11-30', '2026-01-01', '2026-12-31', '2028-02-29', '2000-01-01']) {
    it(`gives back ${iso} from its yyyyMMdd number and string`, () => {
      const eta = toEtaDate(day(iso));
      expect(parseEtaDate(eta)?.toString()).toBe(iso);
      expect(parseEtaDate(String(eta))?.toString()).toBe(iso);
    });
  }

  const invalid: { name: string; value: number | string }[] = [
    { name: 'February 30', value: 20260230 },
    { name: 'February 29 of a common year', value: 20270229 },
    { name: 'month 13', value: 20261301 },
    { name: 'month 0', value: 20260001 },
    { name: 'day 0', value: 20261100 },
    { name: 'day 32', value: 20261232 },
    { name: 'seven digits', value: '2026113' },
    { name: 'nine digits', value: 202611300 },
    { name: 'letters', value: 'abcdefgh' },
    { name: 'an ISO date', value: '2026-11-30' },
    { name: 'surrounding spaces', value: ' 20261130 ' },
    { name: 'a trailing newline', value: '20261130\n' },
    { name: 'full-width digits', value: '２０２６１１３０' },
    { name: 'an empty string', value: '' },
    { name: 'zero', value: 0 },
    { name: 'a negative number', value: -20261130 },
    { name: 'a fraction', value: 20261130.5 },
    { name: 'NaN', value: Number.NaN },
  ];
  for (const { name, value } of invalid) {
    it(`returns null for ${name}`, () => {
      expect(parseEtaDate(value)).toBeNull();
    });
  }
});

describe('formatEtaDate', () => {
  it('labels a delivery date with weekday, month and day', () => {
    expect(formatEtaDate(20261130)).toBe('Mon, Nov 30');
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatEtaDate(20260230)).toBe('20260230');
  });

  it('labels every day as the calendar date itself would', () => {
    const options = { weekday: 'short', month: 'short', day: 'numeric' } as const;
    const days = [20240229, 20261231, 20270101, 20270704, 99991231, 10000101, 19000228];
    let day = Temporal.PlainDate.from('2026-11-20');
    for (let i = 0; i < 400; i += 1, day = day.add({ days: 1 })) days.push(toEtaDate(day));
    for (const value of days) {
      const date = parseEtaDate(value);
      expect(date).not.toBeNull();
      expect(formatEtaDate(value)).toBe(date?.toLocaleString('en-US', options));
    }
  });
});

describe('isEtaDate', () => {
  it('accepts exactly the values parseEtaDate reads as a calendar date', () => {
    const values: (number | string)[] = [
      20240229,
      20230229,
      21000229,
      20000229,
      20261130,
      20261131,
      20261301,
      20261200,
      20260001,
      '00500101',
      '00000101',
      '99991231',
      '2026113',
      '202611300',
      '2026-11-30',
      '2026113a',
      ' 20261130',
      '20261130\n',
      '',
      2026.113,
      -20261130,
      1e21,
      Number.NaN,
    ];
    for (const value of values) expect(isEtaDate(value), String(value)).toBe(!!parseEtaDate(value));
  });
});

describe('marketToday', () => {
  const cases = [
    {
      name: 'is still the evening before in New York at 04:30 UTC',
      at: '2026-11-21T04:30:00Z',
      expected: '2026-11-20',
    },
    {
      name: 'is the next day in New York at 05:30 UTC',
      at: '2026-11-21T05:30:00Z',
      expected: '2026-11-21',
    },
    {
      name: 'is still the day before a millisecond before 05:00 UTC in winter',
      at: '2026-11-21T04:59:59.999Z',
      expected: '2026-11-20',
    },
    {
      name: 'starts the New York day at 05:00 UTC in winter',
      at: '2026-11-21T05:00:00Z',
      expected: '2026-11-21',
    },
    {
      name: 'is still the day before a millisecond before 04:00 UTC in summer',
      at: '2026-07-15T03:59:59.999Z',
      expected: '2026-07-14',
    },
    {
      name: 'starts the New York day at 04:00 UTC in summer',
      at: '2026-07-15T04:00:00Z',
      expected: '2026-07-15',
    },
    {
      name: 'starts the spring-forward day at 05:00 UTC (still EST)',
      at: '2026-03-08T05:00:00Z',
      expected: '2026-03-08',
    },
    {
      name: 'is still the spring-forward day at 03:59 UTC the next night (now EDT)',
      at: '2026-03-09T03:59:00Z',
      expected: '2026-03-08',
    },
    {
      name: 'starts the day after spring-forward at 04:00 UTC',
      at: '2026-03-09T04:00:00Z',
      expected: '2026-03-09',
    },
    {
      name: 'starts the fall-back day at 04:00 UTC (still EDT)',
      at: '2026-11-01T04:00:00Z',
      expected: '2026-11-01',
    },
    {
      name: 'is still the day before fall-back at 03:59 UTC',
      at: '2026-11-01T03:59:00Z',
      expected: '2026-10-31',
    },
    {
      name: 'is still the fall-back day at 04:30 UTC the next night (now EST)',
      at: '2026-11-02T04:30:00Z',
      expected: '2026-11-01',
    },
    {
      name: 'starts the day after fall-back at 05:00 UTC',
      at: '2026-11-02T05:00:00Z',
      expected: '2026-11-02',
    },
    {
      name: 'is New Year in New York only at 05:00 UTC',
      at: '2027-01-01T04:59:00Z',
      expected: '2026-12-31',
    },
  ];
  for (const { name, at, expected } of cases) {
    it(name, () => {
      expect(marketToday(epochMs(at)).toString()).toBe(expected);
    });
  }
});

describe('isWeekend', () => {
  const cases = [
    { iso: '2026-11-21', weekday: 'Saturday', expected: true },
    { iso: '2026-11-22', weekday: 'Sunday', expected: true },
    { iso: '2026-11-23', weekday: 'Monday', expected: false },
    { iso: '2026-11-24', weekday: 'Tuesday', expected: false },
    { iso: '2026-11-25', weekday: 'Wednesday', expected: false },
    { iso: '2026-11-26', weekday: 'Thursday', expected: false },
    { iso: '2026-11-27', weekday: 'Friday', expected: false },
  ];
  for (const { iso, weekday, expected } of cases) {
    it(`${expected ? 'counts' : 'does not count'} ${weekday} ${iso} as weekend`, () => {
      expect(isWeekend(day(iso))).toBe(expected);
    });
  }
});

describe('nextWeekdays', () => {
  it('starts the day after `from`', () => {
    expect(isoDates(nextWeekdays(day('2026-11-23'), 1))).toEqual(['2026-11-24']);
  });

  it('skips the weekend after a Thursday', () => {
    expect(isoDates(nextWeekdays(day('2026-11-19'), 3))).toEqual([
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
    ]);
  });

  it('starts on Monday from a Saturday', () => {
    expect(isoDates(nextWeekdays(day('2026-11-21'), 2))).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('crosses a month and a year', () => {
    expect(isoDates(nextWeekdays(day('2026-12-30'), 3))).toEqual([
      '2026-12-31',
      '2027-01-01',
      '2027-01-04',
    ]);
  });

  it('gives ten weekdays in increasing order over two weeks', () => {
    const days = nextWeekdays(day('2026-11-20'), 10);
    expect(days).toHaveLength(10);
    expect(days.some(isWeekend)).toBe(false);
    expect(isoDates(days)).toEqual(isoDates(days).toSorted());
    expect(days.at(-1)?.toString()).toBe('2026-12-04');
  });

  for (const count of [0, -1]) {
    it(`gives no days for a count of ${count}`, () => {
      expect(nextWeekdays(day('2026-11-20'), count)).toEqual([]);
    });
  }
});
