// `npm run test:pg` (sync-server): the server suites on PostgreSQL. It starts one throwaway
// PostgreSQL cluster for the run (test-support/postgres-cluster.ts) and stops it at the end;
// each test server, and each server process a suite starts, then runs on a fresh database of it
// (TEST_ENGINE=postgres, TEST_PG_URL; test-support/test-database.ts). Every `*.sqlite.test.ts`
// suite runs here, but for the few below that are about SQLite itself. A suite that reads the
// SQLite handle (`t.db`) fails here, loudly: port it to `t.sql`, or list it below with why.
// Arguments ending in `.test.ts` pick those suites only (paths from sync-server, e.g.
// `npm run test:pg -- src/cart/add-to-cart.sqlite.test.ts`); the others are passed on to vitest.
//
// The other `*.test.ts` files stay out of this pass: they are pure rules, or start PostgreSQL
// clusters of their own in the ordinary `vitest run` (db/postgres-start, db/scheduled-job,
// db/change-feed, db/sql-engine, db/key-lock, seed/seed-catalog, cluster/two-nodes.postgres).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  postgresBinDir,
  startPostgresCluster,
} from '../sync-server/src/test-support/postgres-cluster';

/** Suites about SQLite itself, with why they have no PostgreSQL form. */
const SQLITE_ONLY: Record<string, string> = {
  'db/backups.sqlite.test.ts':
    'online snapshots of the SQLite file (its backup API); PostgreSQL is backed up with its own tools',
  'db/migrations.sqlite.test.ts':
    "openDatabase's WAL and PRAGMA user_version, a repair of old SQLite files; PostgreSQL's schema is db/postgres-start's",
};

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sync-server');
const suites = readdirSync(path.join(server, 'src'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.sqlite.test.ts'))
  .sort();
const args = process.argv.slice(2);
const picked = args
  .filter((arg) => arg.endsWith('.test.ts'))
  .map((arg) => path.relative(path.join(server, 'src'), path.resolve(server, arg)));
const vitestArgs = args.filter((arg) => !arg.endsWith('.test.ts'));
const runnable = suites.filter(
  (file) => (picked.length === 0 || picked.includes(file)) && !(file in SQLITE_ONLY),
);
const skippedPicks = picked.filter((file) => !runnable.includes(file));
if (skippedPicks.length > 0) {
  console.log(`test:pg: not runnable on PostgreSQL (or not found): ${skippedPicks.join(', ')}`);
}
console.log(`test:pg: ${runnable.length} of ${suites.length} server suites on PostgreSQL.`);
for (const [file, why] of Object.entries(SQLITE_ONLY))
  console.log(`  SQLite only: ${file}: ${why}`);
if (runnable.length === 0) process.exit(0);
if (!postgresBinDir()) {
  // CI installs Debian's postgresql (.ci/run), so there a missing server is a failure; on a
  // developer's machine without it the PostgreSQL pass is skipped, and says so.
  const message = 'test:pg: PostgreSQL is not installed (apt-get install -y postgresql)';
  if (process.env.CI) throw new Error(message);
  console.warn(`${message}; skipped.`);
  process.exit(0);
}

const cluster = await startPostgresCluster();
const stop = (): void => cluster.stop();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
let result: ReturnType<typeof spawnSync>;
try {
  result = spawnSync(
    'npx',
    ['vitest', 'run', ...runnable.map((file) => path.join('src', file)), ...vitestArgs],
    {
      cwd: server,
      stdio: 'inherit',
      env: { ...process.env, TEST_ENGINE: 'postgres', TEST_PG_URL: cluster.url },
    },
  );
} finally {
  stop();
}
process.exit(result.status ?? 1);
