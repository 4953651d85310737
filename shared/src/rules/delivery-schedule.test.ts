import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  daysScheduleSkips,
  scheduleDelivers,
  weekdayName,
  weekdaysSkipped,
} from './delivery-schedule';

describe('scheduleDelivers', () => {
  const tuesdayThursday = { weekdays: [2, 4] };
  it.each([
    ['2026-12-01', tuesdayThursday, true],
    ['2026-12-02', tuesdayThursday, false],
    ['2026-12-03', tuesdayThursday, true],
    ['2026-12-02', null, true],
    ['2026-12-02', undefined, true],
    ['2026-12-02', { weekdays: [] }, false],
  ] as const)('%s with %j delivers: %s', (day, schedule, expected) => {
    expect(scheduleDelivers(Temporal.PlainDate.from(day), schedule)).toBe(expected);
  });

  it('names the weekdays as a buyer reads them', () => {
    expect([1, 5, 7, 0, 9].map(weekdayName)).toEqual(['Monday', 'Friday', 'Sunday', '', '']);
  });
});

describe('daysScheduleSkips', () => {
  const from = Temporal.PlainDate.from('2026-11-30');
  const to = Temporal.PlainDate.from('2026-12-06');
  it.each([
    [{ weekdays: [2, 4] }, [20261130, 20261202, 20261204]],
    [{ weekdays: [1, 2, 3, 4, 5] }, []],
    [{ weekdays: [] }, [20261130, 20261201, 20261202, 20261203, 20261204]],
    [null, []],
  ])('with %j skips %j (weekends are left to the weekend rule)', (schedule, skipped) => {
    expect(daysScheduleSkips(from, to, schedule)).toEqual(skipped);
  });

  it('answers nothing for an empty range', () => {
    expect(daysScheduleSkips(to, from, { weekdays: [] })).toEqual([]);
  });
});

describe('weekdaysSkipped', () => {
  it.each([
    [
      [2, 4],
      [1, 3, 5],
    ],
    [[1, 2, 3, 4, 5], []],
    [
      [6, 7],
      [1, 2, 3, 4, 5],
    ],
  ])('a schedule of %j skips %j', (weekdays, skipped) => {
    expect(weekdaysSkipped({ weekdays })).toEqual(skipped);
  });
});
