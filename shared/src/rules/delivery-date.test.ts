import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { marketToday, toEtaDate, type EtaDate } from '../dates';
import { getsAutomaticDeliveryDate } from './automatic-date-eligibility';
import {
  autoDeliveryDate,
  deliveryDayOfWeek,
  deliveryWeekDays,
  deliveryWeekStart,
  firstSelectableDeliveryDate,
  isSelectableDeliveryDate,
  isWeekendAdjacent,
  minDeliveryDate,
  type ArrivalDay,
} from './delivery-date';

const day = (iso: string) => Temporal.PlainDate.from(iso);
const epochMs = (instant: string) => Temporal.Instant.from(instant).epochMilliseconds;
const arrival = (date: EtaDate, ...countries: string[]): ArrivalDay => ({ date, countries });

describe('isWeekendAdjacent', () => {
  const cases = [
    { iso: '2026-11-21', weekday: 'Saturday', expected: true },
    { iso: '2026-11-22', weekday: 'Sunday', expected: true },
    { iso: '2026-11-23', weekday: 'Monday', expected: true },
    { iso: '2026-11-24', weekday: 'Tuesday', expected: false },
    { iso: '2026-11-25', weekday: 'Wednesday', expected: false },
    { iso: '2026-11-26', weekday: 'Thursday', expected: false },
    { iso: '2026-11-27', weekday: 'Friday', expected: false },
  ];
  for (const { iso, weekday, expected } of cases) {
    it(`${expected ? 'counts' : 'does not count'} ${weekday} as weekend-adjacent`, () => {
      expect(isWeekendAdjacent(day(iso))).toBe(expected);
    });
  }
});

describe('autoDeliveryDate without an arrival calendar', () => {
  const cases = [
    { today: '2026-11-16', weekday: 'Monday', expected: '2026-11-24' },
    { today: '2026-11-17', weekday: 'Tuesday', expected: '2026-11-25' },
    { today: '2026-11-18', weekday: 'Wednesday', expected: '2026-11-26' },
    { today: '2026-11-19', weekday: 'Thursday', expected: '2026-11-27' },
    { today: '2026-11-20', weekday: 'Friday (8 days is a Saturday)', expected: '2026-12-01' },
    { today: '2026-11-21', weekday: 'Saturday (8 days is a Sunday)', expected: '2026-12-01' },
    { today: '2026-11-22', weekday: 'Sunday (8 days is a Monday)', expected: '2026-12-01' },
    { today: '2026-12-26', weekday: 'Saturday across the new year', expected: '2027-01-05' },
    { today: '2028-02-21', weekday: 'Monday onto a leap day', expected: '2028-02-29' },
  ];
  for (const { today, weekday, expected } of cases) {
    it(`picks ${expected} on ${weekday} ${today}`, () => {
      expect(autoDeliveryDate(day(today)).toString()).toBe(expected);
    });
  }

  it('counts from the New York date, not the UTC date, late on a Thursday evening', () => {
    const thursdayNightInNewYork = epochMs('2026-11-20T04:30:00Z');
    expect(autoDeliveryDate(marketToday(thursdayNightInNewYork)).toString()).toBe('2026-11-27');
  });
});

describe('autoDeliveryDate with the arrival calendar', () => {
  // Saturday 21 November 2026: 8 days ahead is Sunday the 29th, moved to Tuesday 1 December.
  const today = day('2026-11-21');
  const cases: {
    name: string;
    arrivals: ArrivalDay[];
    disabled?: EtaDate[];
    expected: string;
  }[] = [
    {
      name: 'keeps the moved day when it has countries',
      arrivals: [arrival(20261201, 'EC'), arrival(20261202, 'CO')],
      expected: '2026-12-01',
    },
    {
      name: 'moves to the next day that has countries',
      arrivals: [arrival(20261201), arrival(20261202), arrival(20261203, 'NL')],
      expected: '2026-12-03',
    },
    {
      name: 'treats a day the calendar does not list as having no countries',
      arrivals: [arrival(20261204, 'EC', 'CO')],
      expected: '2026-12-04',
    },
    {
      name: 'never goes back before the moved day for an earlier arrival',
      arrivals: [arrival(20261127, 'EC'), arrival(20261130, 'EC'), arrival(20261202, 'CO')],
      expected: '2026-12-02',
    },
    {
      name: 'keeps the moved day when every arrival is earlier',
      arrivals: [arrival(20261124, 'EC'), arrival(20261130, 'EC')],
      expected: '2026-12-01',
    },
    {
      name: 'keeps the moved day when no listed day has countries',
      arrivals: [arrival(20261201), arrival(20261202), arrival(20261203)],
      expected: '2026-12-01',
    },
    {
      name: 'keeps the moved day for an empty calendar',
      arrivals: [],
      expected: '2026-12-01',
    },
    {
      name: 'takes the earliest arrival of an unsorted calendar',
      arrivals: [arrival(20261210, 'EC'), arrival(20261203, 'TH'), arrival(20261208, 'CO')],
      expected: '2026-12-03',
    },
    {
      name: 'skips a weekend day even when the calendar lists countries on it',
      arrivals: [arrival(20261205, 'US'), arrival(20261206, 'US'), arrival(20261207, 'EC')],
      expected: '2026-12-07',
    },
    {
      name: 'takes a later Monday when no day before it has arrivals',
      arrivals: [arrival(20261201), arrival(20261204), arrival(20261207, 'CO')],
      expected: '2026-12-07',
    },
    {
      name: 'skips a disabled day (a holiday) that has countries',
      arrivals: [arrival(20261201, 'EC'), arrival(20261202, 'EC')],
      disabled: [20261201],
      expected: '2026-12-02',
    },
    {
      name: 'ignores dates that do not exist',
      arrivals: [arrival(20261232, 'EC'), arrival(20261301, 'EC'), arrival(20261203, 'CO')],
      expected: '2026-12-03',
    },
    {
      name: 'ignores nonsense numbers as dates',
      arrivals: [arrival(Number.NaN, 'EC'), arrival(99_999_999, 'EC'), arrival(20261202, 'NL')],
      expected: '2026-12-02',
    },
    {
      name: 'crosses into the next month',
      arrivals: [arrival(20261201), arrival(20270105, 'EC')],
      expected: '2027-01-05',
    },
  ];
  for (const { name, arrivals, disabled, expected } of cases) {
    it(name, () => {
      expect(autoDeliveryDate(today, arrivals, disabled).toString()).toBe(expected);
    });
  }
});

describe('autoDeliveryDate for the delivery schedule of the address', () => {
  // Tuesday 24 November 2026: the day of step 2 is Wednesday 2 December.
  const tuesday = day('2026-11-24');
  // Saturday 28 November 2026: the day of step 2 is Tuesday 8 December.
  const saturday = day('2026-11-28');
  const FLORIDA = { weekdays: [2, 4] };
  const cases: {
    name: string;
    today: Temporal.PlainDate;
    arrivals: ArrivalDay[];
    disabled?: EtaDate[];
    schedule: { weekdays: number[] } | null;
    expected: string;
  }[] = [
    {
      name: 'Florida (Tuesdays and Thursdays): the Thursday after a Wednesday with arrivals',
      today: tuesday,
      arrivals: [arrival(20261202, 'EC'), arrival(20261203, 'CO'), arrival(20261204, 'NL')],
      schedule: FLORIDA,
      expected: '2026-12-03',
    },
    {
      name: 'Florida without the arrival calendar (offline): the first Tuesday or Thursday',
      today: tuesday,
      arrivals: [],
      schedule: FLORIDA,
      expected: '2026-12-03',
    },
    {
      name: 'Florida: a Thursday without arrivals, or disabled, gives way to the next Tuesday',
      today: tuesday,
      arrivals: [
        arrival(20261202, 'EC'),
        arrival(20261203),
        arrival(20261204, 'NL'),
        arrival(20261208, 'CO'),
      ],
      schedule: FLORIDA,
      expected: '2026-12-08',
    },
    {
      name: 'Florida: a disabled Thursday gives way too',
      today: tuesday,
      arrivals: [arrival(20261203, 'CO'), arrival(20261208, 'CO')],
      disabled: [20261203],
      schedule: FLORIDA,
      expected: '2026-12-08',
    },
    {
      name: 'Florida: no delivered day with arrivals, so the first delivered day stands',
      today: tuesday,
      arrivals: [arrival(20261202, 'EC'), arrival(20261203), arrival(20261204, 'NL')],
      schedule: FLORIDA,
      expected: '2026-12-03',
    },
    {
      name: 'Florida: a Tuesday of step 2 with arrivals stays',
      today: saturday,
      arrivals: [arrival(20261208, 'EC')],
      schedule: FLORIDA,
      expected: '2026-12-08',
    },
    {
      name: 'Mondays only: from a Friday of step 2 over the weekend to the Monday',
      today: day('2026-11-19'),
      arrivals: [],
      schedule: { weekdays: [1] },
      expected: '2026-11-30',
    },
    {
      name: 'an address delivered every weekday: as without a schedule',
      today: tuesday,
      arrivals: [arrival(20261202, 'EC')],
      schedule: { weekdays: [1, 2, 3, 4, 5] },
      expected: '2026-12-02',
    },
    {
      name: 'a zip not delivered at all: as without a schedule, since no day would do',
      today: tuesday,
      arrivals: [arrival(20261202, 'EC')],
      schedule: { weekdays: [] },
      expected: '2026-12-02',
    },
  ];
  for (const { name, today, arrivals, disabled, schedule, expected } of cases) {
    it(name, () => {
      expect(autoDeliveryDate(today, arrivals, disabled, schedule).toString()).toBe(expected);
    });
  }
});

describe('minDeliveryDate', () => {
  const cases = [
    { today: '2026-11-19', weekday: 'Thursday', expected: '2026-11-20' },
    { today: '2026-11-20', weekday: 'Friday', expected: '2026-11-23' },
    { today: '2026-11-21', weekday: 'Saturday', expected: '2026-11-23' },
    { today: '2026-11-22', weekday: 'Sunday', expected: '2026-11-23' },
    { today: '2026-11-23', weekday: 'Monday', expected: '2026-11-24' },
    { today: '2026-12-31', weekday: 'Thursday, New Year’s Eve', expected: '2027-01-01' },
  ];
  for (const { today, weekday, expected } of cases) {
    it(`is ${expected} on ${weekday} ${today}`, () => {
      expect(minDeliveryDate(day(today)).toString()).toBe(expected);
    });
  }
});

describe('isSelectableDeliveryDate', () => {
  const limits = { min: day('2026-11-23'), disabled: [20261126] };
  const cases = [
    { iso: '2026-11-23', why: 'the minimum itself', expected: true },
    { iso: '2026-11-24', why: 'a weekday after the minimum', expected: true },
    { iso: '2026-11-20', why: 'a weekday before the minimum', expected: false },
    { iso: '2026-11-21', why: 'a Saturday', expected: false },
    { iso: '2026-11-29', why: 'a Sunday after the minimum', expected: false },
    { iso: '2026-11-26', why: 'a listed disabled date', expected: false },
    { iso: '2026-11-27', why: 'the day after a disabled date', expected: true },
    { iso: '2027-03-01', why: 'a Monday months ahead', expected: true },
  ];
  for (const { iso, why, expected } of cases) {
    it(`${expected ? 'allows' : 'refuses'} ${why} (${iso})`, () => {
      expect(isSelectableDeliveryDate(day(iso), limits)).toBe(expected);
    });
  }

  it('allows every weekday from the minimum when no list is given', () => {
    expect(isSelectableDeliveryDate(day('2026-11-26'), { min: day('2026-11-23') })).toBe(true);
  });
});

describe('firstSelectableDeliveryDate', () => {
  const cases = [
    { min: '2026-11-23', disabled: [], expected: '2026-11-23', why: 'the minimum, a weekday' },
    { min: '2026-11-21', disabled: [], expected: '2026-11-23', why: 'past a weekend minimum' },
    {
      min: '2026-11-26',
      disabled: [20261126],
      expected: '2026-11-27',
      why: 'past a disabled minimum',
    },
    {
      min: '2026-11-26',
      disabled: [20261126, 20261127],
      expected: '2026-11-30',
      why: 'past disabled days and the weekend after them',
    },
    {
      min: '2026-11-30',
      disabled: [20261130],
      expected: '2026-12-01',
      why: 'into the next month',
    },
  ];
  for (const { min, disabled, expected, why } of cases) {
    it(`${why}: ${expected}`, () => {
      expect(firstSelectableDeliveryDate({ min: day(min), disabled }).toString()).toBe(expected);
    });
  }

  it('gives the minimum back when no day within two months can be chosen', () => {
    const min = day('2026-11-23');
    const disabled = Array.from({ length: 70 }, (_, i) => toEtaDate(min.add({ days: i })));
    expect(firstSelectableDeliveryDate({ min, disabled }).toString()).toBe('2026-11-23');
  });
});

describe('getsAutomaticDeliveryDate', () => {
  const cases = [
    { guest: true, n_orders: 0, expected: true },
    { guest: true, n_orders: 7, expected: true },
    { guest: false, n_orders: 0, expected: true },
    { guest: false, n_orders: 1, expected: true },
    { guest: false, n_orders: 2, expected: false },
    { guest: false, n_orders: 300, expected: false },
  ];
  for (const customer of cases) {
    it(`${customer.expected ? 'gives' : 'does not give'} the automatic date to a ${customer.guest ? 'guest' : 'customer'} with ${customer.n_orders} orders`, () => {
      expect(getsAutomaticDeliveryDate(customer)).toBe(customer.expected);
    });
  }
});

describe('delivery weeks', () => {
  const cases = [
    { iso: '2026-11-23', weekday: 'Monday', monday: '2026-11-23' },
    { iso: '2026-11-27', weekday: 'Friday', monday: '2026-11-23' },
    { iso: '2026-11-28', weekday: 'Saturday', monday: '2026-11-23' },
    { iso: '2026-11-29', weekday: 'Sunday', monday: '2026-11-23' },
    { iso: '2027-01-01', weekday: 'Friday across the new year', monday: '2026-12-28' },
  ];
  for (const { iso, weekday, monday } of cases) {
    it(`starts the week of ${weekday} ${iso} on Monday ${monday}`, () => {
      expect(deliveryWeekStart(day(iso)).toString()).toBe(monday);
    });
  }

  it('runs Monday to Friday', () => {
    expect(deliveryWeekDays(day('2026-11-25')).map(String)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
  });
});

describe('deliveryDayOfWeek', () => {
  const limits = { min: day('2026-11-24'), disabled: [20261125] };
  const cases: { name: string; pick: string; arrivals?: ArrivalDay[]; expected: string | null }[] =
    [
      {
        name: 'takes the first selectable day of a future week',
        pick: '2026-12-03',
        expected: '2026-11-30',
      },
      {
        name: 'skips the days before the minimum in the current week',
        pick: '2026-11-23',
        expected: '2026-11-24',
      },
      {
        name: 'prefers the first day with arrivals',
        pick: '2026-11-30',
        arrivals: [arrival(20261130), arrival(20261202, 'EC')],
        expected: '2026-12-02',
      },
      {
        name: 'does not prefer a disabled day with arrivals',
        pick: '2026-11-26',
        arrivals: [arrival(20261125, 'EC'), arrival(20261127, 'CO')],
        expected: '2026-11-27',
      },
      {
        name: 'gives no day for a week entirely before the minimum',
        pick: '2026-11-18',
        expected: null,
      },
    ];
  for (const { name, pick, arrivals, expected } of cases) {
    it(name, () => {
      expect(deliveryDayOfWeek(day(pick), limits, arrivals)?.toString() ?? null).toBe(expected);
    });
  }
});
