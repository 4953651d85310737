import type { StandingOrder } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
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
  | 'not_delivered'
  | 'blocked';

export interface LiveStandingOrder {
  customerKey: string;
  order: StandingOrder;
}

/**
 * The scheduler's own SQL: the standing orders a run looks at and the `standing_order_runs`
 * rows that make each week once. Every other write of a run (stock, orders, notices) goes
 * through its feature's repository. On PostgreSQL `claim` is the same insert on the primary
 * key, so across nodes the second one waits for the first and inserts nothing.
 */
export function createStandingOrderRunRepository(engine: SqlExecutor) {
  // The one statement the engines spell differently: reading a field of the JSON document.
  const live =
    engine.kind === 'postgres'
      ? `SELECT customer_key, doc FROM standing_orders
         WHERE deleted = 0 AND (doc::jsonb ->> 'status') <> 'cancelled'`
      : `SELECT customer_key, doc FROM standing_orders
         WHERE deleted = 0 AND json_extract(doc, '$.status') <> 'cancelled'`;
  const sql = {
    decidedSince:
      'SELECT customer_key, standing_order_key, week FROM standing_order_runs WHERE week >= ?',
    claim: `INSERT INTO standing_order_runs (customer_key, standing_order_key, week, outcome, order_key, decided_at)
      VALUES (?, ?, ?, 'claimed', NULL, ?) ON CONFLICT DO NOTHING`,
    settle: `UPDATE standing_order_runs SET outcome = ?, order_key = ?
      WHERE customer_key = ? AND standing_order_key = ? AND week = ?`,
  };

  return {
    /** Every standing order not cancelled, of every customer. */
    async liveOrders(): Promise<LiveStandingOrder[]> {
      const rows = await engine.all<{ customer_key: string; doc: string }>(live);
      return rows.map((row) => ({
        customerKey: row.customer_key,
        order: withCustomBoxes(JSON.parse(row.doc) as StandingOrder),
      }));
    },
    /** The weeks from `week` on already decided, as `runKey` strings. */
    async decidedSince(week: number): Promise<Set<string>> {
      const rows = await engine.all<{
        customer_key: string;
        standing_order_key: string;
        week: number;
      }>(sql.decidedSince, [week]);
      return new Set(rows.map((row) => runKey(row.customer_key, row.standing_order_key, row.week)));
    },
    /**
     * Takes a week for this run; false when a run (this one earlier, another process or node)
     * already took it. Call inside the week's transaction, before anything else it writes.
     */
    async claim(
      customerKey: string,
      standingKey: string,
      week: number,
      nowMs: number,
    ): Promise<boolean> {
      const { changes } = await engine.run(sql.claim, [customerKey, standingKey, week, nowMs]);
      return changes === 1;
    },
    /** Records what the run did with a week it claimed, in the same transaction. */
    async settle(
      customerKey: string,
      standingKey: string,
      week: number,
      outcome: StandingWeekOutcome,
      orderKey: string | null,
    ): Promise<void> {
      await engine.run(sql.settle, [outcome, orderKey, customerKey, standingKey, week]);
    },
  };
}
export type StandingOrderRunRepository = ReturnType<typeof createStandingOrderRunRepository>;

/** One standing order's week, as a set member. */
export function runKey(customerKey: string, standingKey: string, week: number): string {
  return `${customerKey}\u0000${standingKey}\u0000${week}`;
}
