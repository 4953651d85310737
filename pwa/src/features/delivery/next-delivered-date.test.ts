import { describe, expect, it } from 'vitest';
import { parseEtaDate, toEtaDate, type DeliveryDay } from '@stemline/shared';
import { nextDeliveredDate } from './next-delivered-date';

const day = (eta: number): DeliveryDay => {
  const date = parseEtaDate(eta);
  if (!date) throw new Error(`not a date: ${eta}`);
  return date;
};
const FLORIDA = { weekdays: [2, 4] };

describe('nextDeliveredDate', () => {
  // 2026-12-02 is a Wednesday; the minimum (first orderable day) is well before it.
  const min = day(20261130);
  it.each([
    ['a Wednesday moves to the Thursday after', 20261202, FLORIDA, [], 20261203],
    ['a Friday moves over the weekend to the Tuesday', 20261204, FLORIDA, [], 20261208],
    ['a Thursday holiday is passed for the Tuesday after', 20261202, FLORIDA, [20261203], 20261208],
    [
      'a Monday-only region from a Tuesday: the next Monday',
      20261201,
      { weekdays: [1] },
      [],
      20261207,
    ],
  ])('%s', (_name, chosen, schedule, withoutArrivals, expected) => {
    const next = nextDeliveredDate(day(chosen), min, schedule, withoutArrivals);
    expect(next && toEtaDate(next)).toBe(expected);
  });

  it('never gives a day before the first orderable one', () => {
    // A stale Wednesday from last week: the minimum is Monday 2026-12-07, so Tuesday the 8th.
    const next = nextDeliveredDate(day(20261202), day(20261207), FLORIDA, []);
    expect(next && toEtaDate(next)).toBe(20261208);
  });

  it('is null when no delivered day is open in the coming four weeks', () => {
    const closed = Array.from({ length: 40 }, (_, i) => toEtaDate(day(20261203).add({ days: i })));
    expect(nextDeliveredDate(day(20261202), min, FLORIDA, closed)).toBeNull();
  });

  it('is null for a region with no delivery weekday', () => {
    expect(nextDeliveredDate(day(20261202), min, { weekdays: [] }, [])).toBeNull();
  });
});
