import { describe, expect, it } from 'vitest';
import { marketDayPeriod, marketWeekPeriod } from './mail-periods';

describe('marketWeekPeriod', () => {
  it.each([
    ['2026-11-16T05:00:00Z', '2026-W47', 'Monday 00:00 in New York opens the week'],
    ['2026-11-16T04:59:00Z', '2026-W46', 'still Sunday night in New York'],
    ['2026-11-22T23:00:00Z', '2026-W47', 'Sunday evening closes it'],
    ['2027-01-01T15:00:00Z', '2026-W53', 'New Year 2027 is a Friday of 2026’s last week'],
    ['2025-12-29T15:00:00Z', '2026-W01', 'a December Monday can open the next year’s week 1'],
  ])('%s is %s (%s)', (iso, period) => {
    expect(marketWeekPeriod(Date.parse(iso))).toBe(period);
  });
});

describe('marketDayPeriod', () => {
  it('is the New York date, not the UTC one', () => {
    expect(marketDayPeriod(Date.parse('2026-11-19T03:00:00Z'))).toBe('2026-11-18');
  });
});
