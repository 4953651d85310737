import { describe, expect, it } from 'vitest';
import { standingOrderMessages } from '../messages';
import {
  comingDeliveries,
  decideChangeWeek,
  decideCreateStandingOrder,
  decideSetStatus,
  decideSkipWeek,
  deliveryWeeks,
  deliveryWeeksBetween,
  etaDatePlusDays,
  isDeliveryWeek,
  mondayOf,
  weekClosure,
  weekProblem,
} from './standing-orders';
import { standingOrder as order } from './standing-order-fixture';

const TODAY = 20261118; // a Wednesday
const DISABLED = new Set([20261221, 20261228]);

describe('weeks', () => {
  it.each([
    [20261118, 20261116],
    [20261116, 20261116],
    [20261122, 20261116],
    [20261201, 20261130],
  ])('the week of %d starts on Monday %d', (day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });
  it.each([
    [20261123, 2, null],
    [20261116, 2, standingOrderMessages.weekInPast],
    [20261109, 2, standingOrderMessages.weekInPast],
    [20261124, 2, standingOrderMessages.notMonday],
    [20261221, 2, standingOrderMessages.weekDisabled],
    // A Monday delivery on Nov 23 has its cut-off on Nov 18, today: already decided.
    [20261123, 1, standingOrderMessages.weekPastCutoff],
    [20261130, 1, null],
  ])('week %d, delivered on weekday %d: %s', (week, weekday, problem) => {
    expect(weekProblem(week, TODAY, DISABLED, weekday)).toBe(problem);
  });
  it('from Thursday, next week’s Tuesday is decided and the week after is the first to pick', () => {
    const thursday = 20261119;
    expect(weekProblem(20261123, thursday, DISABLED, 2)).toBe(standingOrderMessages.weekPastCutoff);
    expect(weekProblem(20261130, thursday, DISABLED, 2)).toBeNull();
  });
  it('counts weeks across months and years, and knows which weeks are deliveries', () => {
    const yearEnd = order({ start_week: 20261228, every_weeks: 2, term_weeks: 12 });
    expect(deliveryWeeks(yearEnd)).toEqual([
      20261228, 20270111, 20270125, 20270208, 20270222, 20270308,
    ]);
    expect(deliveryWeeksBetween(yearEnd, 20270104, 20270222)).toEqual([
      20270111, 20270125, 20270208, 20270222,
    ]);
    expect(deliveryWeeksBetween(yearEnd, 20270309, 20280101)).toEqual([]);
    expect(
      [20261228, 20270104, 20270111, 20270322, 20261221].map((w) => isDeliveryWeek(yearEnd, w)),
    ).toEqual([true, false, true, false, false]);
    expect(etaDatePlusDays(20280228, 1)).toBe(20280229);
    expect(etaDatePlusDays(20270301, -1)).toBe(20270228);
    expect(() => etaDatePlusDays(20270230, 1)).toThrow('not a date');
  });
  it('every week for 12 weeks, or every two weeks for a year', () => {
    expect(deliveryWeeks(order())).toHaveLength(12);
    const fortnightly = deliveryWeeks(order({ every_weeks: 2, term_weeks: 52 }));
    expect(fortnightly).toHaveLength(26);
    expect(fortnightly.slice(0, 3)).toEqual([20261123, 20261207, 20261221]);
  });
});

describe('standing-order decisions', () => {
  const context = { today: TODAY, disabledWeeks: DISABLED, nowMs: 1 };
  it('creates with the disabled weeks of its term already skipped', () => {
    const { key, name, items, every_weeks, term_weeks, start_week, delivery_weekday } = order();
    const decision = decideCreateStandingOrder(
      [],
      { key, name, items, every_weeks, term_weeks, start_week, delivery_weekday },
      context,
    );
    expect(decision).toMatchObject({
      kind: 'changed',
      order: { skipped_weeks: [20261221, 20261228] },
    });
  });
  it('skips one coming week only, and not a past or foreign one', () => {
    expect(decideSkipWeek(order(), 20261130, true, context)).toMatchObject({
      kind: 'changed',
      order: { skipped_weeks: [20261130] },
    });
    expect(decideSkipWeek(order({ start_week: 20261109 }), 20261116, true, context)).toMatchObject({
      kind: 'rejected',
      message: standingOrderMessages.weekInPast,
    });
    expect(decideSkipWeek(order({ every_weeks: 2 }), 20261130, true, context)).toMatchObject({
      kind: 'rejected',
      message: standingOrderMessages.weekNotInSchedule,
    });
  });
  it('keeps a disabled week skipped: the skip cannot be taken back', () => {
    const closed = order({ skipped_weeks: [20261221] });
    expect(decideSkipWeek(closed, 20261221, false, context)).toMatchObject({
      kind: 'rejected',
      message: standingOrderMessages.weekDisabled,
    });
    expect(decideSkipWeek(closed, 20261221, true, context)).toEqual({ kind: 'unchanged' });
  });
  it('changes one week; an item not on the order is refused; a cancelled order stays so', () => {
    const changed = decideChangeWeek(
      order(),
      { key: 'so-000001', week: 20261130, quantities: { 'it-000001': 0 } },
      context,
    );
    expect(changed).toMatchObject({
      kind: 'changed',
      order: { week_changes: { '20261130': { 'it-000001': 0 } } },
    });
    expect(
      decideChangeWeek(
        order(),
        { key: 'so-000001', week: 20261130, quantities: { 'it-999999': 1 } },
        context,
      ),
    ).toMatchObject({ kind: 'rejected', code: 'not_found' });
    expect(decideSetStatus(order({ status: 'cancelled' }), 'active', 1)).toMatchObject({
      kind: 'rejected',
    });
  });
  it('the delivery schedule marks skipped, paused and changed weeks', () => {
    const deliveries = comingDeliveries(
      [
        order({ skipped_weeks: [20261130], week_changes: { '20261207': { 'it-000001': 5 } } }),
        order({ key: 'so-000002', status: 'paused' }),
        order({ key: 'so-000003', status: 'cancelled' }),
      ],
      TODAY,
      6,
    );
    expect(deliveries.map((d) => [d.order_key, d.date, d.skipped, d.changed, d.boxes])).toEqual([
      ['so-000001', 20261124, false, false, 2],
      ['so-000002', 20261124, true, false, 2],
      ['so-000001', 20261201, true, false, 2],
      ['so-000002', 20261201, true, false, 2],
      ['so-000001', 20261208, false, true, 5],
      ['so-000002', 20261208, true, false, 2],
    ]);
  });
});

describe('weekClosure', () => {
  const closures = {
    weeks: new Set([20261221]),
    days: new Map([[20261126, 'Thanksgiving Day']]),
  };
  it('marks a disabled week, whatever its day', () => {
    expect(weekClosure(20261221, 20261224, closures)).toBe(standingOrderMessages.weekClosed);
  });
  it('marks a delivery day that is a no-delivery holiday, by its name', () => {
    expect(weekClosure(20261123, 20261126, closures)).toBe(
      standingOrderMessages.dayClosed('Thanksgiving Day'),
    );
  });
  it('leaves another day of that week, and an open week, to deliver', () => {
    expect(weekClosure(20261123, 20261124, closures)).toBeNull();
    expect(weekClosure(20261130, 20261203, closures)).toBeNull();
  });
});
