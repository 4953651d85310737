import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { toEtaDate } from '../dates';
import {
  eventArrival,
  suggestEventDeliveryDate,
  type EventDeliveryCalendar,
} from './event-delivery';

// Wednesday 18 November 2026 is "today" in every case; the minimum is the next weekday.
const min = Temporal.PlainDate.from('2026-11-19');
const open: EventDeliveryCalendar = { min };

describe('suggestEventDeliveryDate', () => {
  it.each([
    // [event, calendar, suggested, why]
    ['2026-12-04', open, '2026-12-01', 'a Friday event gets the Tuesday before it'],
    ['2026-12-05', open, '2026-12-01', 'a Saturday event gets the Tuesday, 4 days before'],
    ['2026-12-06', open, '2026-12-02', 'a Sunday event gets the Wednesday, 4 days before'],
    ['2026-12-07', open, '2026-12-03', 'a Monday event gets the Thursday, 4 days before'],
    ['2026-12-09', open, '2026-12-04', 'a Wednesday event: Saturday is out, Friday beats Monday'],
    ['2026-12-10', open, '2026-12-08', 'a Thursday event: Sunday is out, Tuesday (nearer) wins'],
    ['2026-12-04', { min, disabled: [20261201] }, '2026-12-02', 'Tuesday disabled: Wednesday'],
    [
      '2026-12-04',
      { min, disabled: [20261201, 20261202, 20261127] },
      '2026-11-30',
      'only the Monday is left',
    ],
    [
      '2026-12-04',
      { min, disabled: [20261201, 20261130, 20261127, 20261202] },
      null,
      'nothing in the window from 7 to 2 days before delivers',
    ],
    [
      '2026-12-04',
      { min, schedule: { weekdays: [3, 5] } },
      '2026-12-02',
      'the schedule delivers Wednesdays and Fridays only: the Wednesday',
    ],
    ['2026-11-20', open, null, 'an event in two days: every fitting day is before the minimum'],
    ['2026-11-23', open, '2026-11-19', 'an event on Monday 23rd: Thursday 19th is the first day'],
  ] as const)('%s with %j → %s (%s)', (event, calendar, expected, _why) => {
    const suggested = suggestEventDeliveryDate(toEtaDate(Temporal.PlainDate.from(event)), calendar);
    expect(suggested?.toString() ?? null).toBe(expected);
  });

  it.each([0, 2026130, 20261341, 99999999, -1])('answers null for the unreadable date %s', (d) => {
    expect(suggestEventDeliveryDate(d, open)).toBeNull();
  });
});

describe('eventArrival', () => {
  it.each([
    [20261201, 20261204, 'in_time', '3 days before'],
    [20261202, 20261204, 'in_time', '2 days before, the latest that works'],
    [20261203, 20261204, 'too_late', 'the day before'],
    [20261204, 20261204, 'too_late', 'the day of the event'],
    [20261207, 20261204, 'too_late', 'after the event'],
    [20261127, 20261204, 'in_time', '7 days before, the earliest that works'],
    [20261126, 20261204, 'too_early', '8 days before'],
    [20261231, 20270101, 'too_late', 'across a year end'],
    [1, 20261204, 'in_time', 'an unreadable arrival is not warned about'],
  ] as const)('arrival %s for an event on %s is %s (%s)', (arrival, event, expected, _why) => {
    expect(eventArrival(arrival, event)).toBe(expected);
  });
});
