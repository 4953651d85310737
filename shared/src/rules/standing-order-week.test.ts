import { describe, expect, it } from 'vitest';
import { standingOrderMessages } from '../messages';
import type { Offer } from '../schemas/catalog';
import type { StandingOrder } from '../schemas/standing-orders';
import {
  decidedWeeks,
  planStandingBox,
  planStandingLine,
  runHorizonWeek,
  standingWeekState,
} from './standing-order-week';
import { standingItem, standingOrder } from './standing-order-fixture';
import { cutoffDateOf, decideChangeWeek, decideSkipWeek } from './standing-orders';

// Weekly from Monday 23 November 2026, delivered on Tuesdays: the first delivery is on the 24th
// and its cut-off (5 days before) on Thursday the 19th.
const order = (fields: Partial<StandingOrder> = {}): StandingOrder =>
  standingOrder({
    items: [
      standingItem(),
      standingItem({
        key: 'it-000002',
        variety_key: 'w',
        variety_name: 'W',
        length: 60,
        quantity: 3,
        grower_key: 'g',
      }),
    ],
    ...fields,
  });

describe('the cut-off', () => {
  it('is 5 days before the delivery date', () => {
    expect(cutoffDateOf(order(), 20261123)).toBe(20261119);
    expect(cutoffDateOf(order({ delivery_weekday: 1 }), 20261123)).toBe(20261118);
  });
  it('decides the week: from its cut-off day it can no longer be skipped or changed', () => {
    const onCutoff = { today: 20261119, disabledWeeks: new Set<number>(), nowMs: 1 };
    expect(decideSkipWeek(order(), 20261123, true, onCutoff)).toMatchObject({
      kind: 'rejected',
      message: standingOrderMessages.weekDecided,
    });
    expect(
      decideChangeWeek(
        order(),
        { key: 'so-000001', week: 20261123, quantities: { 'it-000001': 9 } },
        onCutoff,
      ),
    ).toMatchObject({ kind: 'rejected', message: standingOrderMessages.weekDecided });
    const before = { ...onCutoff, today: 20261118 };
    expect(decideSkipWeek(order(), 20261123, true, before)).toMatchObject({ kind: 'changed' });
  });
});

describe('standingWeekState', () => {
  it.each([
    ['before the cut-off', order(), 20261123, 20261118, 'not_due'],
    ['cancelled', order({ status: 'cancelled' }), 20261123, 20261119, 'stopped'],
    ['gone', undefined, 20261123, 20261119, 'stopped'],
    ['a week not in the schedule', order({ every_weeks: 2 }), 20261130, 20261126, 'stopped'],
    ['paused', order({ status: 'paused' }), 20261123, 20261119, 'paused'],
    ['skipped', order({ skipped_weeks: [20261123] }), 20261123, 20261119, 'skipped'],
    [
      'changed to nothing',
      order({ week_changes: { '20261123': { 'it-000001': 0, 'it-000002': 0 } } }),
      20261123,
      20261119,
      'skipped',
    ],
    ['on the delivery day with no order yet', order(), 20261123, 20261124, 'missed'],
    ['on the cut-off day', order(), 20261123, 20261119, 'due'],
  ] as const)('%s: %s', (_, standing, week, today, kind) => {
    expect(standingWeekState(standing, week, today).kind).toBe(kind);
  });
  it('a changed week orders its changed quantities and leaves out an item set to 0', () => {
    const state = standingWeekState(
      order({ week_changes: { '20261123': { 'it-000001': 0, 'it-000002': 7 } } }),
      20261123,
      20261119,
    );
    expect(state.kind === 'due' && state.items.map((i) => [i.item.key, i.boxes])).toEqual([
      ['it-000002', 7],
    ]);
    expect(state).toMatchObject({ deliveryDate: 20261124 });
  });
});

describe('decidedWeeks', () => {
  it('lists the weeks whose cut-off has come, from the horizon on', () => {
    expect(runHorizonWeek(20261126)).toBe(20261116);
    expect(decidedWeeks(order(), 20261126, runHorizonWeek(20261126))).toEqual([20261123, 20261130]);
    expect(decidedWeeks(order(), 20261118, runHorizonWeek(20261118))).toEqual([]);
    expect(decidedWeeks(order({ status: 'paused' }), 20261119, 20261116)).toEqual([20261123]);
    expect(decidedWeeks(order({ status: 'cancelled' }), 20261126, 20261116)).toEqual([]);
  });
});

describe('planStandingLine', () => {
  const offer = (inventory_key: number, fields: Partial<Offer>): Offer => ({
    inventory_key,
    variety_key: 'v',
    grower_key: 'g',
    eta_from: 20261120,
    eta_to: 20261130,
    length: 50,
    stems_per_bunch: 25,
    bunches_in_box: 4,
    uom: 'stem',
    packing_date: 20261119,
    open_market: false,
    available: 1000,
    grower_price_mills: 1000,
    import_duties_tax: 0,
    freight_cost_mills: 0,
    box_charge_mills: 0,
    margin_discount: 0,
    stem_price_cents: 100,
    ...fields,
  });
  const box = 100; // units in a box of 4 bunches of 25 stems

  it.each([
    [
      'the cheapest row has it all',
      [offer(1, { stem_price_cents: 100 }), offer(2, { stem_price_cents: 200 })],
      5,
      new Map(),
      [[1, 5]],
      5,
    ],
    [
      'the cheapest row is short: the rest from the next',
      [
        offer(2, { stem_price_cents: 200 }),
        offer(1, { stem_price_cents: 100, available: 2 * box + 50 }),
      ],
      5,
      new Map(),
      [
        [1, 2],
        [2, 3],
      ],
      5,
    ],
    ['every row sold out', [offer(1, { available: box - 1 })], 2, new Map(), [], 0],
    ['fewer left than asked', [offer(1, { available: 3 * box })], 5, new Map(), [[1, 3]], 3],
    ['no row at all', [], 2, new Map(), [], 0],
    [
      '30 boxes of a row at most, this order counted',
      [offer(1, {})],
      5,
      new Map([[1, 28]]),
      [[1, 2]],
      2,
    ],
  ] as const)('%s', (_, offers, requested, taken, takes, granted) => {
    const plan = planStandingLine(requested, offers, taken);
    expect(plan.takes.map((t) => [t.offer.inventory_key, t.boxes])).toEqual(takes);
    expect(plan.granted).toBe(granted);
  });
});

describe('standing custom boxes', () => {
  const box = {
    key: 'cb-standing-1',
    grower_key: 'g',
    grower_name: 'Finca G',
    items: [
      { variety_key: 'v', variety_name: 'V', length: 50, bunches: 4 },
      { variety_key: 'w', variety_name: 'W', length: 60, bunches: 6 },
    ],
    boxes: 2,
  };
  const row = (inventory_key: number, fields: Partial<Offer> = {}): Offer => ({
    inventory_key,
    variety_key: 'v',
    grower_key: 'g',
    eta_from: 20261120,
    eta_to: 20261130,
    length: 50,
    stems_per_bunch: 25,
    bunches_in_box: 10,
    uom: 'stem',
    packing_date: 20261119,
    open_market: false,
    available: 1000,
    grower_price_mills: 1000,
    import_duties_tax: 0,
    freight_cost_mills: 0,
    box_charge_mills: 0,
    margin_discount: 0,
    stem_price_cents: 100,
    ...fields,
  });

  it('a week delivers its boxes, changed or left out like an item', () => {
    const state = standingWeekState(
      order({ items: [], custom_boxes: [box], week_changes: { '20261130': { [box.key]: 0 } } }),
      20261123,
      20261119,
    );
    expect(state.kind === 'due' && state.customBoxes.map((b) => b.boxes)).toEqual([2]);
    expect(
      standingWeekState(
        order({ items: [], custom_boxes: [box], week_changes: { '20261130': { [box.key]: 0 } } }),
        20261130,
        20261126,
      ).kind,
    ).toBe('skipped');
    expect(
      decideChangeWeek(
        order({ custom_boxes: [box] }),
        { key: 'so-000001', week: 20261130, quantities: { [box.key]: 1 } },
        { today: 20261118, nowMs: 1 },
      ).kind,
    ).toBe('changed');
  });

  it.each([
    [
      'packs each flower from its cheapest row with the bunches',
      [
        [row(1, { stem_price_cents: 200 }), row(2, { stem_price_cents: 100 })],
        [row(3, { variety_key: 'w', length: 60 })],
      ],
      { kind: 'pack', fill: 100, rows: [2, 3] },
    ],
    [
      'a flower short of bunches leaves the whole box out',
      [[row(1)], [row(3, { available: 5 * 25 })]],
      { kind: 'short', variety: 'w' },
    ],
    ['no row of a flower at all', [[row(1)], []], { kind: 'short', variety: 'w' }],
    [
      'open-market rows are not packed in custom boxes',
      [[row(1, { open_market: true })], [row(3)]],
      { kind: 'short', variety: 'v' },
    ],
    [
      'rows with fewer bunches to a box than the buyer packed do not fit',
      [[row(1, { bunches_in_box: 8 })], [row(3)]],
      { kind: 'overfull' },
    ],
  ] as const)('%s', (_, rows, expected) => {
    const plan = planStandingBox(box, rows);
    expect(plan.kind).toBe(expected.kind);
    if (plan.kind === 'pack' && 'rows' in expected) {
      expect(plan.fill).toBe(expected.fill);
      expect(plan.takes.map((t) => t.offer.inventory_key)).toEqual(expected.rows);
    }
    if (plan.kind === 'short' && 'variety' in expected)
      expect(plan.item.variety_key).toBe(expected.variety);
  });
});
