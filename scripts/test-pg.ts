// `npm run test:pg` (sync-server): the server suites on PostgreSQL. It starts one throwaway
// PostgreSQL cluster for the run (test-support/postgres-cluster.ts) and stops it at the end;
// each test server then starts on a fresh database of it (TEST_ENGINE=postgres, TEST_PG_URL;
// test-support/test-server.ts). A suite that reads or writes rows through the SQLite handle
// (`t.db`, `context.db`, `openDatabase`) cannot run there and is left out, by name, until it is
// ported to `t.sql`; so is one that spawns server processes (test-support/server-process.ts),
// which start on SQLite. Arguments ending in `.test.ts` pick those suites only (paths from
// sync-server, e.g. `npm run test:pg -- src/cart/add-to-cart.sqlite.test.ts`); the others are
// passed on to vitest.
//
// Left out on purpose, about SQLite itself: db/backups and db/migrations (a SQLite file, PRAGMA),
// rate-limit/rate-limit-repository (an in-memory SQLite handle). Not ported yet: sync/crash-recovery
// (server processes start on SQLite), standing-orders/standing-order-scheduler (a second SQLite
// handle as another node, a TEMP TRIGGER as a crash), reminders/scheduled-mails (a SQLite trigger
// as a full outbox), customers/addresses (direct t.db reads and writes).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  postgresBinDir,
  startPostgresCluster,
} from '../sync-server/src/test-support/postgres-cluster';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sync-server');
const usesSqliteHandle =
  /\bt\.db\b|\.context\.db\b|\bopenDatabase\(|\.db\.prepare\(|server-process/;
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
  (file) =>
    (picked.length === 0 || picked.includes(file)) &&
    !usesSqliteHandle.test(readFileSync(path.join(server, 'src', file), 'utf8')),
);
const skippedPicks = picked.filter((file) => !runnable.includes(file));
if (skippedPicks.length > 0) {
  console.log(`test:pg: not runnable on PostgreSQL (or not found): ${skippedPicks.join(', ')}`);
}
console.log(
  `test:pg: ${runnable.length} of ${suites.length} server suites on PostgreSQL; ` +
    `${suites.length - runnable.length} still use the SQLite handle.`,
);
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
