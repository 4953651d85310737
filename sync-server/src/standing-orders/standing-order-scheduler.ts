import {
  decidedWeeks,
  deliveryDateOf,
  marketToday,
  runHorizonWeek,
  toEtaDate,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { scheduledJob } from '../db/scheduled-job';
import { createMaterialiseWeek } from './materialise-week';
import { createOfferCandidates } from './offer-candidates';
import {
  createStandingOrderRunRepository,
  runKey,
  type StandingWeekOutcome,
} from './standing-order-run-repository';

/** How often the server process runs the standing-order scheduler. */
export const STANDING_ORDER_RUN_INTERVAL_MS = 60_000;

export interface StandingRunReport {
  /** Weeks this run decided, by what it did with them. */
  decided: Partial<Record<StandingWeekOutcome, number>>;
  ordersMade: number;
  /** Due weeks another run (this process earlier, another process or node) decided first. */
  alreadyDecided: number;
  /** Weeks whose transaction failed and rolled back; the next run tries them again. */
  failed: number;
}

export type RunStandingOrders = (options?: {
  shouldStop?: () => boolean;
}) => Promise<StandingRunReport>;

/**
 * The standing-order scheduler: one call is one run (one tick). It lists every week whose
 * cut-off has come and that no run has decided yet, soonest delivery first (then the standing
 * order made first, so it gets scarce stock first), and decides each in its own savepoint
 * (`createMaterialiseWeek`), giving the event loop back between weeks. The run is one
 * transaction on one node at a time (db/scheduled-job.ts): a run while another node is at it
 * does nothing and reports nothing (one on this node waits for it), and a node that dies mid-run
 * leaves no week half done; each week's claim still makes a week decided once whatever runs.
 * A week whose savepoint fails is logged and left undecided for the next run. `shouldStop` ends
 * a run between weeks (server shutdown); the weeks decided so far commit.
 */
export function createStandingOrderScheduler(app: AppContext): RunStandingOrders {
  const runs = createStandingOrderRunRepository(app.engine);
  const { catalog, catalogEntities } = app.repos;
  // On SQLite each transaction takes the write lock at its start (see db/transactional.ts).
  const materialiseWeek = app.transactional(createMaterialiseWeek(app));
  const exclusive = scheduledJob(app.engine, 'stemline:standing-orders');

  const emptyReport = (): StandingRunReport => ({
    decided: {},
    ordersMade: 0,
    alreadyDecided: 0,
    failed: 0,
  });

  return async function runStandingOrders(options = {}) {
    const touched: { customerKey: string; collections: SyncedCollection[] }[] = [];
    const tick = await exclusive(() => decideDueWeeks(options, touched));
    if (!tick.ran) return emptyReport();
    // After the commit: the buyers' streams pull what the run wrote.
    for (const { customerKey, collections } of touched) app.changes.poke(customerKey, collections);
    return tick.value;
  };

  async function decideDueWeeks(
    options: { shouldStop?: () => boolean },
    touched: { customerKey: string; collections: SyncedCollection[] }[],
  ): Promise<StandingRunReport> {
    const today = toEtaDate(marketToday(app.now()));
    const since = runHorizonWeek(today);
    const decided = await runs.decidedSince(since);
    const due = (await runs.liveOrders()).flatMap(({ customerKey, order }) =>
      decidedWeeks(order, today, since)
        .filter((week) => !decided.has(runKey(customerKey, order.key, week)))
        .map((week) => ({ customerKey, order, week, date: deliveryDateOf(order, week) })),
    );
    due.sort(
      (a, b) =>
        a.date - b.date ||
        a.order.created_at - b.order.created_at ||
        a.customerKey.localeCompare(b.customerKey) ||
        a.order.key.localeCompare(b.order.key),
    );
    const closed = await app.services.configLookups.disabledWeeks();
    // The no-delivery holidays among the due weeks' delivery days (sorted above), read once.
    const [first, last] = [due[0], due.at(-1)];
    const holidays =
      first && last ? await catalogEntities.holidays({ from: first.date, to: last.date }) : [];
    const context = {
      today,
      candidates: createOfferCandidates(catalog),
      disabledWeeks: new Set(closed.map((row) => row.week_start)),
      closedDays: new Map(holidays.filter((h) => h.no_delivery).map((h) => [h.date, h.name])),
    };
    const report = emptyReport();
    for (const { customerKey, order, week } of due) {
      if (options.shouldStop?.()) break;
      try {
        const made = await materialiseWeek(customerKey, order.key, week, context);
        if (!made) report.alreadyDecided += 1;
        else {
          report.decided[made.outcome] = (report.decided[made.outcome] ?? 0) + 1;
          if (made.order) report.ordersMade += 1;
          if (made.touched.length > 0) touched.push({ customerKey, collections: made.touched });
        }
      } catch (error) {
        report.failed += 1;
        console.error(`[stemline] standing order ${order.key}, week ${week}:`, error);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return report;
  }
}

/**
 * Runs the scheduler now and then every `intervalMs` while the server listens, one run at a
 * time. `stop` ends the timer and waits for a run in progress to stop at its next week.
 */
export function startStandingOrderTimer(
  run: RunStandingOrders,
  intervalMs = STANDING_ORDER_RUN_INTERVAL_MS,
) {
  let stopped = false;
  let inFlight: Promise<unknown> | null = null;
  const tick = (): void => {
    if (inFlight || stopped) return;
    inFlight = run({ shouldStop: () => stopped })
      .catch((error: unknown) => console.error('[stemline] standing-order run failed:', error))
      .finally(() => {
        inFlight = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    /** Starts a run unless one is in progress (e.g. after a test moved the clock). */
    tick,
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
