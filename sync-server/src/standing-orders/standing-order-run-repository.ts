import type { StandingOrder } from '@stemline/shared';
import type { Db } from '../db/database';
import { withCustomBoxes } from './standing-order-repository';

/** What the scheduler did with one standing order's week (`standing_order_runs.outcome`). */
export type StandingWeekOutcome =
  | 'claimed'
  | 'ordered'
  | 'nothing_available'
  | 'skipped'
  | 'paused'
  | 'stopped'
  | 'missed'
  | 'no_card'
  | 'no_address'
  | 'blocked';

export interface LiveStandingOrder {
  customerKey: string;
  order: StandingOrder;
}

/**
 * The scheduler's own SQL: the standing orders a run looks at and the `standing_order_runs`
 * rows that make each week once. Every other write of a run (stock, orders, notices) goes
 * through its feature's repository. A PostgreSQL port keeps the same statements: `claim` is an
 * insert on the primary key, so across nodes the second one waits for the first and inserts
 * nothing.
 */
export function createStandingOrderRunRepository(db: Db) {
  const live = db.prepare<[], { customer_key: string; doc: string }>(
    `SELECT customer_key, doc FROM standing_orders
     WHERE deleted = 0 AND json_extract(doc, '$.status') <> 'cancelled'`,
  );
  const decidedSince = db.prepare<
    [number],
    { customer_key: string; standing_order_key: string; week: number }
  >('SELECT customer_key, standing_order_key, week FROM standing_order_runs WHERE week >= ?');
  const claim = db.prepare<[string, string, number, number]>(
    `INSERT INTO standing_order_runs (customer_key, standing_order_key, week, outcome, order_key, decided_at)
     VALUES (?, ?, ?, 'claimed', NULL, ?) ON CONFLICT DO NOTHING`,
  );
  const settle = db.prepare<[string, string | null, string, string, number]>(
    `UPDATE standing_order_runs SET outcome = ?, order_key = ?
     WHERE customer_key = ? AND standing_order_key = ? AND week = ?`,
  );

  return {
    /** Every standing order not cancelled, of every customer. */
    liveOrders(): LiveStandingOrder[] {
      return live.all().map((row) => ({
        customerKey: row.customer_key,
        order: withCustomBoxes(JSON.parse(row.doc) as StandingOrder),
      }));
    },
    /** The weeks from `week` on already decided, as `runKey` strings. */
    decidedSince(week: number): Set<string> {
      return new Set(
        decidedSince
          .all(week)
          .map((row) => runKey(row.customer_key, row.standing_order_key, row.week)),
      );
    },
    /**
     * Takes a week for this run; false when a run (this one earlier, another process or node)
     * already took it. Call inside the week's transaction, before anything else it writes.
     */
    claim(customerKey: string, standingKey: string, week: number, nowMs: number): boolean {
      return claim.run(customerKey, standingKey, week, nowMs).changes === 1;
    },
    /** Records what the run did with a week it claimed, in the same transaction. */
    settle(
      customerKey: string,
      standingKey: string,
      week: number,
      outcome: StandingWeekOutcome,
      orderKey: string | null,
    ): void {
      settle.run(outcome, orderKey, customerKey, standingKey, week);
    },
  };
}
export type StandingOrderRunRepository = ReturnType<typeof createStandingOrderRunRepository>;

/** One standing order's week, as a set member. */
export function runKey(customerKey: string, standingKey: string, week: number): string {
  return `${customerKey}\u0000${standingKey}\u0000${week}`;
}
