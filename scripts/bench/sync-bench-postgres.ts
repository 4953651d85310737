/**
 * The PostgreSQL part of the sync benchmark (issue 23), run from sync-bench.ts with its load
 * processes and its batch layout, so the figures sit beside SQLite's from the same run:
 *  - pgPushPerSec: the same contended add_to_cart push load (same clients, offers, batches) on
 *    one real server process started with DATABASE_URL, after one untimed warm-up round;
 *  - pgPushP95Ms: the 95th percentile of one push request (a batch of mutations) in that run,
 *    from send to last byte, as the load process saw it;
 *  - pgPushPerSec2Nodes: the same load split over two server processes on the same database
 *    (client i sends to node i mod 2), as two machines behind a load balancer would serve it;
 *  - pgOversoldUnits: units sold beyond stock over both runs, read from PostgreSQL (must be 0).
 * The cluster is a throwaway Debian PostgreSQL (test-support/postgres-cluster.ts: fsync off),
 * stopped with both nodes when the section ends, whatever happened.
 *
 * Skipped, with the reason returned, when PostgreSQL is not installed or BENCH_PG=0.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { marketToday, nextWeekdays, toEtaDate, unitsPerBox, type Offer } from '@stemline/shared';
import { signToken } from '../../sync-server/src/auth/tokens';
import { postgresEngine } from '../../sync-server/src/db/postgres-engine';
import type { SqlEngine } from '../../sync-server/src/db/sql-engine';
import {
  postgresBinDir,
  startPostgresCluster,
  type PostgresCluster,
} from '../../sync-server/src/test-support/postgres-cluster';
import {
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../../sync-server/src/test-support/server-process';
import type { TestBuyer } from '../../sync-server/src/test-support/test-buyers';
import type { LoadReport } from './push-load';

export type BenchOfferRow = Pick<
  Offer,
  | 'inventory_key'
  | 'variety_key'
  | 'grower_key'
  | 'length'
  | 'uom'
  | 'stems_per_bunch'
  | 'bunches_in_box'
  | 'available'
>;

/** What the SQLite benchmark lends this section: its load processes and its batch layout. */
export interface PgBenchLoad<Batches> {
  loaders: readonly ChildProcess[];
  clients: number;
  offers: number;
  batchesPerClient: number;
  buildBatches: (
    buyers: readonly TestBuyer[],
    offers: readonly BenchOfferRow[],
    etaDate: number,
    batchesPerClient: number,
    tag: string,
  ) => Batches;
  prepareLoad: (
    loaders: readonly ChildProcess[],
    baseUrls: readonly string[],
    batches: Batches,
  ) => Promise<void>;
  runLoad: (loaders: readonly ChildProcess[]) => Promise<LoadReport>;
}

export interface PgBenchResults {
  pgPushPerSec: number;
  pgPushP95Ms: number;
  pgPushPerSec2Nodes: number;
  pgPushP95Ms2Nodes: number;
  pgOversoldUnits: number;
  /** Transactions rolled back / deadlocks PostgreSQL detected while the load ran. */
  pgRollbacks: number;
  pgDeadlocks: number;
  pgRollbacks2Nodes: number;
  pgDeadlocks2Nodes: number;
  pgApplied: number;
  pgRejected: number;
}

/** Why the section does not run here, or undefined when it does. */
export function pgSkipReason(): string | undefined {
  if (process.env.BENCH_PG === '0') return 'BENCH_PG=0';
  if (!postgresBinDir()) return 'PostgreSQL is not installed (apt-get install -y postgresql)';
  return undefined;
}

export async function runPostgresBench<Batches>(
  load: PgBenchLoad<Batches>,
): Promise<PgBenchResults> {
  const jwtSecret = randomBytes(32).toString('hex');
  const dirs: string[] = [];
  const nodes: ServerProcess[] = [];
  let cluster: PostgresCluster | undefined;
  let db: SqlEngine | undefined;
  const startNode = async (url: string): Promise<ServerProcess> => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stemline-bench-pg-node-'));
    dirs.push(dir);
    const node = await startServerProcess({
      dataDir: dir,
      port: await freePort(),
      // Both nodes sign and check sessions with the bench's secret, so its tokens pass on both.
      env: { DATABASE_URL: url, SEED_DEMO: '0', JWT_SECRET: jwtSecret },
      timeoutMs: 120_000,
    });
    nodes.push(node);
    return node;
  };
  try {
    cluster = await startPostgresCluster();
    // One after the other: the first migrates and seeds the catalogue, the second finds it done.
    const first = await startNode(cluster.url);
    db = postgresEngine(cluster.url, { max: 2 });
    const buyers = await createBuyers(db, jwtSecret, load.clients);
    const [, day] = nextWeekdays(marketToday(Date.now()), 2);
    if (!day) throw new Error('no delivery date');
    const etaDate = toEtaDate(day);
    const offers = (await regularOffers(db, etaDate)).slice(0, load.offers);
    if (offers.length < load.offers) throw new Error('catalog too small');

    const measure = async (urls: readonly string[], tag: string) => {
      await resetOffers(db as SqlEngine, offers, buyers);
      await load.prepareLoad(
        load.loaders,
        urls,
        load.buildBatches(buyers, offers, etaDate, load.batchesPerClient, tag),
      );
      const before = await stats(db as SqlEngine);
      const report = await load.runLoad(load.loaders);
      const after = await stats(db as SqlEngine);
      if (report.failures > 0) throw new Error(`${report.failures} PostgreSQL pushes failed`);
      return {
        report,
        oversold: await oversold(db as SqlEngine, offers),
        rollbacks: after.rollbacks - before.rollbacks,
        deadlocks: after.deadlocks - before.deadlocks,
      };
    };

    await measure([first.url], 'pg-w');
    const one = await measure([first.url], 'pg-1');
    const second = await startNode(cluster.url);
    await measure([first.url, second.url], 'pg-w2');
    const two = await measure([first.url, second.url], 'pg-2');
    return {
      pgPushPerSec: Math.round(perSec(one.report)),
      pgPushP95Ms: round1(p95(one.report.latenciesMs)),
      pgPushPerSec2Nodes: Math.round(perSec(two.report)),
      pgPushP95Ms2Nodes: round1(p95(two.report.latenciesMs)),
      pgOversoldUnits: one.oversold + two.oversold,
      pgRollbacks: one.rollbacks,
      pgDeadlocks: one.deadlocks,
      pgRollbacks2Nodes: two.rollbacks,
      pgDeadlocks2Nodes: two.deadlocks,
      pgApplied: one.report.applied,
      pgRejected: one.report.rejected,
    };
  } finally {
    await db?.close();
    for (const node of nodes) await node.stop();
    cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Florist accounts of their own customers, straight into the database (see test-buyers.ts). */
async function createBuyers(db: SqlEngine, secret: string, count: number): Promise<TestBuyer[]> {
  const buyers = Array.from({ length: count }, (_, index) => ({
    customerKey: `c-pgbench-${index}`,
    userKey: `u-pgbench-${index}`,
    token: signToken(secret, {
      sub: `u-pgbench-${index}`,
      customer: `c-pgbench-${index}`,
      role: 'florist',
    }),
  }));
  await db.transaction(async (tx) => {
    for (const buyer of buyers) {
      await tx.run('INSERT INTO customers (key, name, created_at) VALUES (?, ?, 0)', [
        buyer.customerKey,
        buyer.customerKey,
      ]);
      await tx.run(
        `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, created_at)
         VALUES (?, ?, 'no-password', 'Load', 'Test', 'florist', ?, 0)`,
        [buyer.userKey, `${buyer.userKey}@load.test`, buyer.customerKey],
      );
    }
  });
  return buyers;
}

function regularOffers(db: SqlEngine, etaDate: number): Promise<BenchOfferRow[]> {
  return db.all<BenchOfferRow>(
    `SELECT inventory_key, variety_key, grower_key, length, uom, stems_per_bunch, bunches_in_box, available
     FROM offers WHERE open_market = 0 AND eta_from <= ? AND eta_to >= ? AND available > 0
     ORDER BY inventory_key`,
    [etaDate, etaDate],
  );
}

/** Puts the offers back to their seeded stock and empties the buyers' carts. */
async function resetOffers(
  db: SqlEngine,
  offers: readonly BenchOfferRow[],
  buyers: readonly TestBuyer[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const offer of offers) {
      await tx.run('UPDATE offers SET available = ? WHERE inventory_key = ?', [
        offer.available,
        offer.inventory_key,
      ]);
    }
    for (const buyer of buyers) {
      await tx.run('DELETE FROM cart_lines WHERE customer_key = ?', [buyer.customerKey]);
    }
  });
}

/** As sync-bench.ts's `oversold`, read from PostgreSQL; also checks the books add up. */
async function oversold(db: SqlEngine, offers: readonly BenchOfferRow[]): Promise<number> {
  let units = 0;
  for (const offer of offers) {
    const row = await db.one<{ available: number; boxes: number }>(
      `SELECT o.available, (SELECT CAST(COALESCE(SUM(boxes), 0) AS BIGINT) FROM cart_lines
         WHERE inventory_key = o.inventory_key AND deleted = 0) AS boxes
       FROM offers o WHERE o.inventory_key = ?`,
      [offer.inventory_key],
    );
    const sold = Number(row?.boxes ?? 0) * unitsPerBox(offer);
    const left = Number(row?.available ?? 0);
    units += Math.max(0, sold - offer.available) + Math.max(0, -left);
    if (left !== offer.available - sold) {
      throw new Error(`stock of offer ${offer.inventory_key} does not add up on PostgreSQL`);
    }
  }
  return units;
}

/**
 * The database's rolled-back transactions and detected deadlocks so far (pg_stat_database): a
 * deadlock aborts a batch's transaction, which the engine runs again, so these show retried work.
 */
async function stats(db: SqlEngine): Promise<{ rollbacks: number; deadlocks: number }> {
  const row = await db.one<{ rollbacks: number; deadlocks: number }>(
    `SELECT CAST(xact_rollback AS BIGINT) AS rollbacks, CAST(deadlocks AS BIGINT) AS deadlocks
     FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { rollbacks: Number(row?.rollbacks ?? 0), deadlocks: Number(row?.deadlocks ?? 0) };
}

function perSec(report: LoadReport): number {
  return report.answered / ((report.finishedAt - report.startedAt) / 1000);
}

/** The 95th percentile (nearest rank) of `values`; 0 when there are none. */
export function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
