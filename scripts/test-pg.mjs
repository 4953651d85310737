// `npm run test:pg` (sync-server): the server suites on PostgreSQL. Each test server starts on a
// fresh database of a throwaway PostgreSQL cluster (TEST_ENGINE=postgres, test-support/
// test-server.ts). A suite that reads or writes rows through the SQLite handle (`t.db`,
// `context.db`, `openDatabase`) cannot run there and is left out, by name, until it is ported
// to `t.sql`; so is one that spawns server processes (test-support/server-process.ts), which
// start on SQLite. Arguments are passed on to vitest.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sync-server');
const usesSqliteHandle =
  /\bt\.db\b|\.context\.db\b|\bopenDatabase\(|\.db\.prepare\(|server-process/;
const suites = readdirSync(path.join(server, 'src'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.sqlite.test.ts'))
  .sort();
const runnable = suites.filter(
  (file) => !usesSqliteHandle.test(readFileSync(path.join(server, 'src', file), 'utf8')),
);
console.log(
  `test:pg: ${runnable.length} of ${suites.length} server suites on PostgreSQL; ` +
    `${suites.length - runnable.length} still use the SQLite handle.`,
);
if (runnable.length === 0) process.exit(0);
const result = spawnSync(
  'npx',
  ['vitest', 'run', ...runnable.map((file) => path.join('src', file)), ...process.argv.slice(2)],
  { cwd: server, stdio: 'inherit', env: { ...process.env, TEST_ENGINE: 'postgres' } },
);
process.exit(result.status ?? 1);
