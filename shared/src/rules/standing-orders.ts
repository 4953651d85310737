import { STANDING_ORDER_CUTOFF_DAYS } from '../constants';
import { parseEtaDate, toEtaDate } from '../dates';
import { standingOrderMessages } from '../messages';
import type { RejectionCode } from '../schemas/sync';
import {
  MAX_STANDING_ORDERS,
  STANDING_ORDER_PRICE_POLICY,
  type ChangeStandingOrderWeekArgs,
  type CreateStandingOrderArgs,
  type StandingDelivery,
  type StandingOrder,
} from '../schemas/standing-orders';

export type StandingDecision =
  | { kind: 'changed'; order: StandingOrder }
  | { kind: 'unchanged' }
  | { kind: 'rejected'; code: RejectionCode; message: string };

const rejected = (code: RejectionCode, message: string): StandingDecision => ({
  kind: 'rejected',
  code,
  message,
});

/** The Monday (yyyyMMdd) of the week holding `etaDate`; weeks start on Monday (spec §2). */
export function mondayOf(etaDate: number): number {
  const date = parseEtaDate(etaDate);
  if (!date) throw new Error(`not a date: ${etaDate}`);
  return toEtaDate(date.subtract({ days: date.dayOfWeek - 1 }));
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/**
 * Dates as UTC day numbers: the weekly run reads every standing order's schedule each minute,
 * and Temporal dates made that the slowest part of a run (docs/performance.md).
 */
function utcOf(etaDate: number): number {
  const at = Date.UTC(
    Math.floor(etaDate / 10_000),
    (Math.floor(etaDate / 100) % 100) - 1,
    etaDate % 100,
  );
  if (!Number.isInteger(etaDate) || etaDateOfUtc(at) !== etaDate)
    throw new Error(`not a date: ${etaDate}`);
  return at;
}

function etaDateOfUtc(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** `etaDate` (yyyyMMdd) plus `days` (negative: minus). */
export function etaDatePlusDays(etaDate: number, days: number): number {
  return etaDateOfUtc(utcOf(etaDate) + days * DAY_MS);
}

type Schedule = Pick<StandingOrder, 'start_week' | 'every_weeks' | 'term_weeks'>;

/** The Mondays a standing order delivers in over its term, skipped weeks included. */
export function deliveryWeeks(order: Schedule): number[] {
  return deliveryWeeksBetween(order, 0, 99_999_999);
}

/** The delivery weeks of a standing order from Monday `from` to Monday `to`, both included. */
export function deliveryWeeksBetween(order: Schedule, from: number, to: number): number[] {
  const start = utcOf(order.start_week);
  const step = order.every_weeks;
  // Delivery k (0, 1, …) is week k × every_weeks of the term; only those in [from, to] are made.
  const first = Math.max(
    0,
    Math.ceil((from <= order.start_week ? 0 : (utcOf(from) - start) / WEEK_MS) / step),
  );
  const last = Math.floor((order.term_weeks - 1) / step);
  const weeks: number[] = [];
  for (let k = first; k <= last; k += 1) {
    const week = etaDateOfUtc(start + k * step * WEEK_MS);
    if (week > to) break;
    weeks.push(week);
  }
  return weeks;
}

/** True when Monday `week` is one of the standing order's delivery weeks. */
export function isDeliveryWeek(order: Schedule, week: number): boolean {
  return deliveryWeeksBetween(order, week, week).length === 1;
}

/** The delivery date (yyyyMMdd) of a standing order in the week of Monday `week`. */
export function deliveryDateOf(
  order: Pick<StandingOrder, 'delivery_weekday'>,
  week: number,
): number {
  return etaDatePlusDays(week, order.delivery_weekday - 1);
}

/**
 * The market day a week's order is made: `STANDING_ORDER_CUTOFF_DAYS` before its delivery date.
 * From that day on the week is decided (`weekDecided`).
 */
export function cutoffDateOf(order: Pick<StandingOrder, 'delivery_weekday'>, week: number): number {
  return etaDatePlusDays(deliveryDateOf(order, week), -STANDING_ORDER_CUTOFF_DAYS);
}

/**
 * True once a week's cut-off day has come (`today` at the market): its order is made or being
 * made, so the week can no longer be skipped or changed. Refusing edits from the cut-off on is
 * also what keeps a buyer's late skip from racing the scheduler.
 */
export function weekDecided(
  order: Pick<StandingOrder, 'delivery_weekday'>,
  week: number,
  today: number,
): boolean {
  return cutoffDateOf(order, week) <= today;
}

/**
 * Checks a week the buyer picked in the calendar's week mode: a Monday, after the current week
 * (`today` at the market), not one of `standing_order.disabled_weeks`, and not yet decided for
 * the chosen delivery weekday (from its cut-off on, that week's orders are being made: a standing
 * order starting then would begin with a week it can no longer deliver).
 */
export function weekProblem(
  week: number,
  today: number,
  disabledWeeks: ReadonlySet<number>,
  deliveryWeekday: number,
): string | null {
  if (parseEtaDate(week)?.dayOfWeek !== 1) return standingOrderMessages.notMonday;
  if (week <= mondayOf(today)) return standingOrderMessages.weekInPast;
  if (disabledWeeks.has(week)) return standingOrderMessages.weekDisabled;
  if (weekDecided({ delivery_weekday: deliveryWeekday }, week, today))
    return standingOrderMessages.weekPastCutoff;
  return null;
}

export function decideCreateStandingOrder(
  existing: readonly StandingOrder[],
  args: CreateStandingOrderArgs,
  context: { today: number; disabledWeeks: ReadonlySet<number>; nowMs: number },
): StandingDecision {
  if (existing.some((order) => order.key === args.key)) return { kind: 'unchanged' };
  const live = existing.filter((order) => order.status !== 'cancelled');
  if (live.length >= MAX_STANDING_ORDERS)
    return rejected('conflict', standingOrderMessages.tooMany(MAX_STANDING_ORDERS));
  const problem = weekProblem(
    args.start_week,
    context.today,
    context.disabledWeeks,
    args.delivery_weekday,
  );
  if (problem) return rejected('invalid_args', problem);
  return {
    kind: 'changed',
    order: {
      key: args.key,
      name: args.name,
      items: args.items,
      custom_boxes: args.custom_boxes ?? [],
      every_weeks: args.every_weeks,
      term_weeks: args.term_weeks,
      start_week: args.start_week,
      delivery_weekday: args.delivery_weekday,
      address: args.address ?? null,
      card_key: args.card_key ?? null,
      status: 'active',
      price_policy: STANDING_ORDER_PRICE_POLICY,
      // Disabled weeks inside the term do not deliver: they start out skipped.
      skipped_weeks: deliveryWeeks(args).filter((week) => context.disabledWeeks.has(week)),
      week_changes: {},
      created_at: context.nowMs,
      updated_at: context.nowMs,
    },
  };
}

export function decideSetStatus(
  order: StandingOrder,
  status: StandingOrder['status'],
  nowMs: number,
): StandingDecision {
  if (order.status === status) return { kind: 'unchanged' };
  if (order.status === 'cancelled') return rejected('conflict', standingOrderMessages.cancelled);
  return { kind: 'changed', order: { ...order, status, updated_at: nowMs } };
}

/** Charges the coming weeks to another card; whose card it is, the server checks. */
export function decideSetCard(
  order: StandingOrder,
  cardKey: string,
  nowMs: number,
): StandingDecision {
  if (order.card_key === cardKey) return { kind: 'unchanged' };
  if (order.status === 'cancelled') return rejected('conflict', standingOrderMessages.cancelled);
  return { kind: 'changed', order: { ...order, card_key: cardKey, updated_at: nowMs } };
}

function weekOpen(order: StandingOrder, week: number, today: number): string | null {
  if (order.status === 'cancelled') return standingOrderMessages.cancelled;
  if (!isDeliveryWeek(order, week)) return standingOrderMessages.weekNotInSchedule;
  if (week <= mondayOf(today)) return standingOrderMessages.weekInPast;
  if (weekDecided(order, week, today)) return standingOrderMessages.weekDecided;
  return null;
}

/**
 * Skips one coming week (or takes the skip back) without touching the others. A week in
 * `standing_order.disabled_weeks` stays skipped: standing orders do not deliver then.
 */
export function decideSkipWeek(
  order: StandingOrder,
  week: number,
  skip: boolean,
  context: { today: number; disabledWeeks: ReadonlySet<number>; nowMs: number },
): StandingDecision {
  const problem = weekOpen(order, week, context.today);
  if (problem) return rejected('invalid_args', problem);
  if (!skip && context.disabledWeeks.has(week))
    return rejected('invalid_args', standingOrderMessages.weekDisabled);
  if (order.skipped_weeks.includes(week) === skip) return { kind: 'unchanged' };
  const skipped = skip
    ? [...order.skipped_weeks, week].sort((a, b) => a - b)
    : order.skipped_weeks.filter((other) => other !== week);
  return {
    kind: 'changed',
    order: { ...order, skipped_weeks: skipped, updated_at: context.nowMs },
  };
}

/** Changes one coming week's quantities; the other weeks keep the order's own. */
export function decideChangeWeek(
  order: StandingOrder,
  args: ChangeStandingOrderWeekArgs,
  context: { today: number; nowMs: number },
): StandingDecision {
  const problem = weekOpen(order, args.week, context.today);
  if (problem) return rejected('invalid_args', problem);
  const known = new Set([...order.items, ...order.custom_boxes].map((line) => line.key));
  if (Object.keys(args.quantities).some((key) => !known.has(key)))
    return rejected('not_found', standingOrderMessages.itemNotOnOrder);
  return {
    kind: 'changed',
    order: {
      ...order,
      week_changes: { ...order.week_changes, [String(args.week)]: { ...args.quantities } },
      updated_at: context.nowMs,
    },
  };
}

/**
 * The boxes of each item and custom box one week delivers, by key: the order's, with that
 * week's changes over them.
 */
export function weekQuantities(order: StandingOrder, week: number): Record<string, number> {
  const changes = order.week_changes[String(week)] ?? {};
  const lines: [string, number][] = [
    ...order.items.map((item): [string, number] => [item.key, changes[item.key] ?? item.quantity]),
    ...order.custom_boxes.map((box): [string, number] => [box.key, changes[box.key] ?? box.boxes]),
  ];
  return Object.fromEntries(lines);
}

/**
 * The coming deliveries of every live standing order from `today`, soonest first, at most
 * `limit`: for the 'delivery schedule' modal, skipped and changed weeks marked. A paused
 * order's weeks show as skipped.
 */
export function comingDeliveries(
  orders: readonly StandingOrder[],
  today: number,
  limit = 30,
): StandingDelivery[] {
  const deliveries: StandingDelivery[] = [];
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    for (const week of deliveryWeeks(order)) {
      const date = deliveryDateOf(order, week);
      if (date <= today) continue;
      const boxes = Object.values(weekQuantities(order, week)).reduce((a, b) => a + b, 0);
      deliveries.push({
        order_key: order.key,
        name: order.name,
        week,
        date,
        skipped: order.status === 'paused' || order.skipped_weeks.includes(week),
        changed: String(week) in order.week_changes,
        boxes,
      });
    }
  }
  return deliveries
    .sort((a, b) => a.date - b.date || a.order_key.localeCompare(b.order_key))
    .slice(0, limit);
}

/** What closes standing-order deliveries, as the page knows it (online; empty before). */
export interface StandingClosureSets {
  /** `standing_order.disabled_weeks`, by their Monday. */
  weeks: ReadonlySet<number>;
  /** The coming no-delivery holidays: the day, and its name. */
  days: ReadonlyMap<number, string>;
}

/**
 * Why week `week` of a standing order delivering on `date` brings nothing whatever the buyer
 * does, in the words its row shows; null when it delivers as ordered. The run skips both (a
 * closed week, and a holiday with a notice), so the row offers no Skip or Deliver for them.
 */
export function weekClosure(
  week: number,
  date: number,
  closures: StandingClosureSets,
): string | null {
  if (closures.weeks.has(week)) return standingOrderMessages.weekClosed;
  const holiday = closures.days.get(date);
  return holiday === undefined ? null : standingOrderMessages.dayClosed(holiday);
}
