import { Temporal } from 'temporal-polyfill';
import { MARKET_TIME_ZONE } from '../constants';
import { parseEtaDate, type EtaDate } from '../dates';
import type { OrderFulfillment } from '../schemas/orders';

/** The stages a placed row moves through; a cancelled row leaves the journey. */
export const ORDER_STAGES = ['placed', 'confirmed', 'shipped', 'arrived'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];
/** Spec §4: the flag claims check. */
export type ArrivalFlag = 'ARRIVED' | 'NOT_ARRIVED';

/** Ours: a grower confirms a row this long after it is ordered, unless staff confirm sooner. */
export const CONFIRM_AFTER_MS = 2 * 3600_000;
/** Ours: rows leave the farm on the packing date, two days before arrival, at 18:00 market time. */
export const PACKING_DAYS_BEFORE_ARRIVAL = 2;
const SHIP_TIME = '18:00';
/** Ours: rows reach the buyer at 10:00 market time on their delivery date. */
const ARRIVAL_TIME = '10:00';
/** Ours: the carrier the embedded default ships with; staff may name another. */
export const DEFAULT_CARRIER = 'FedEx';

/** A purchase-order row or ordered custom box, as far as its journey goes. */
export interface JourneyRow {
  eta_date: EtaDate;
  status: 'placed' | 'cancelled';
  cancelled_at: number | null;
  fulfillment?: Partial<OrderFulfillment> | undefined;
}

export interface JourneyStep {
  stage: OrderStage;
  /** When it happened or, not yet done, when the clock will do it. */
  at: number;
  done: boolean;
}

/** Where a row is at a clock reading, with each stage's time and the tracking once shipped. */
export interface RowJourney {
  stage: OrderStage | 'cancelled';
  arrival: ArrivalFlag;
  steps: JourneyStep[];
  /** Set once the row has arrived. */
  arrived_at: number | null;
  carrier: string | null;
  tracking_number: string | null;
}

function marketInstant(date: EtaDate, time: string, daysBefore = 0): number {
  const day = parseEtaDate(date);
  if (!day) return Number.MAX_SAFE_INTEGER;
  return day
    .subtract({ days: daysBefore })
    .toZonedDateTime({ timeZone: MARKET_TIME_ZONE, plainTime: Temporal.PlainTime.from(time) })
    .epochMilliseconds;
}

/** The clock's times for each stage, before any recorded time: the embedded default. */
export function clockStageTimes(
  row: Pick<JourneyRow, 'eta_date'>,
  orderedAt: number,
): Record<Exclude<OrderStage, 'placed'>, number> {
  const arrived = marketInstant(row.eta_date, ARRIVAL_TIME);
  const shipped = Math.min(
    marketInstant(row.eta_date, SHIP_TIME, PACKING_DAYS_BEFORE_ARRIVAL),
    arrived,
  );
  return { confirmed: Math.min(orderedAt + CONFIRM_AFTER_MS, shipped), shipped, arrived };
}

/**
 * A tracking number the embedded carrier gives a row: stable for the same order and row, so
 * every device and every answer shows the same one without storing it.
 */
export function defaultTrackingNumber(orderKey: string, rowId: string): string {
  let hash = 2166136261;
  for (const char of `${orderKey}:${rowId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  let second = hash ^ 0x5bd1e995;
  second = Math.imul(second, 2654435761) >>> 0;
  return `${String(hash).padStart(10, '0')}${String(second % 100).padStart(2, '0')}`.slice(0, 12);
}

/**
 * The journey of one row at `nowMs`: each stage happens at the earlier of its recorded time and
 * the clock's, and never before the stage ahead of it. Cancelled rows stop where they were.
 */
export function rowJourney(
  row: JourneyRow,
  order: { key: string; created_at: number },
  rowId: string,
  nowMs: number,
): RowJourney {
  const clock = clockStageTimes(row, order.created_at);
  const recorded = row.fulfillment ?? {};
  const pick = (recordedAt: number | null | undefined, clockAt: number) =>
    recordedAt === null || recordedAt === undefined ? clockAt : Math.min(recordedAt, clockAt);
  const arrived = pick(recorded.arrived_at, clock.arrived);
  const shipped = Math.min(pick(recorded.shipped_at, clock.shipped), arrived);
  const confirmed = Math.max(
    order.created_at,
    Math.min(pick(recorded.confirmed_at, clock.confirmed), shipped),
  );
  const until = row.status === 'cancelled' ? (row.cancelled_at ?? order.created_at) : nowMs;
  const steps: JourneyStep[] = [
    { stage: 'placed', at: order.created_at, done: true },
    { stage: 'confirmed', at: confirmed, done: confirmed <= until },
    { stage: 'shipped', at: shipped, done: shipped <= until },
    { stage: 'arrived', at: arrived, done: arrived <= until },
  ];
  const reached = steps.filter((step) => step.done).at(-1)?.stage ?? 'placed';
  const isShipped = shipped <= until;
  return {
    stage: row.status === 'cancelled' ? 'cancelled' : reached,
    arrival: row.status !== 'cancelled' && arrived <= nowMs ? 'ARRIVED' : 'NOT_ARRIVED',
    steps,
    arrived_at: row.status !== 'cancelled' && arrived <= nowMs ? arrived : null,
    carrier: isShipped ? (recorded.carrier ?? DEFAULT_CARRIER) : null,
    tracking_number: isShipped
      ? (recorded.tracking_number ?? defaultTrackingNumber(order.key, rowId))
      : null,
  };
}

/** The row id the journey and the tracking number use for an order line. */
export const lineRowId = (lineNo: number): string => `line-${lineNo}`;

/** An order as its rows' journeys read it: its lines and its custom boxes, each a row of its own. */
export interface JourneyOrder {
  key: string;
  created_at: number;
  lines: readonly (JourneyRow & { line_no: number })[];
  custom_boxes: readonly (JourneyRow & { box_key: string })[];
}

/** One row of an order (a line, or a custom box travelling as one row) with its journey. */
export type OrderRowJourney<O extends JourneyOrder> =
  | { id: string; line: O['lines'][number]; box?: undefined; journey: RowJourney }
  | { id: string; line?: undefined; box: O['custom_boxes'][number]; journey: RowJourney };

/**
 * Every row of `order` with its journey by `nowMs`: its lines by number, then its custom boxes,
 * each under the row id its tracking number is made from (`lineRowId`, the box's key).
 */
export function orderRowJourneys<O extends JourneyOrder>(
  order: O,
  nowMs: number,
): OrderRowJourney<O>[] {
  return [
    ...order.lines.map((line) => {
      const id = lineRowId(line.line_no);
      return { id, line, journey: rowJourney(line, order, id, nowMs) };
    }),
    ...order.custom_boxes.map((box) => ({
      id: box.box_key,
      box,
      journey: rowJourney(box, order, box.box_key, nowMs),
    })),
  ];
}

/**
 * Where a whole order is by `nowMs`: the least advanced stage of its rows that are not cancelled
 * (an order has arrived once every such row has), or null when every row is cancelled.
 */
export function orderStage(order: JourneyOrder, nowMs: number): OrderStage | null {
  const stages = orderRowJourneys(order, nowMs)
    .map(({ journey }) => journey.stage)
    .filter((stage): stage is OrderStage => stage !== 'cancelled');
  if (stages.length === 0) return null;
  return ORDER_STAGES[Math.min(...stages.map((stage) => ORDER_STAGES.indexOf(stage)))] ?? null;
}
