import { openDatabase } from '../db/database';
import { postgresEngine } from '../db/postgres-engine';
import { migratePostgres } from '../db/postgres-migrations';
import type { SqlEngine } from '../db/sql-engine';
import { sqliteEngine } from '../db/sqlite-engine';

/** True in `npm run test:pg`, whose suites run on PostgreSQL (TEST_ENGINE=postgres). */
export const onPostgres = process.env.TEST_ENGINE === 'postgres';

let created = 0;

/**
 * A fresh, empty database on the run's throwaway PostgreSQL cluster, whose URL `npm run test:pg`
 * gives in TEST_PG_URL (it starts the cluster and stops it after the run); answers its URL.
 * Named after this process, so vitest's workers never share one.
 */
export async function createTestPostgresDatabase(): Promise<string> {
  const clusterUrl = process.env.TEST_PG_URL;
  if (!clusterUrl) {
    throw new Error('TEST_ENGINE=postgres needs TEST_PG_URL: run `npm run test:pg` (sync-server)');
  }
  created += 1;
  const name = `test_${process.pid}_${created}`;
  const admin = postgresEngine(clusterUrl, { max: 1 });
  try {
    await admin.run(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database of each data folder: a server restarted on the same folder finds its data. */
const databaseOfDir = new Map<string, string>();

/**
 * The PostgreSQL database of the test server (or server process) on `dataDir`: a fresh one per
 * data folder, the same one again for a server restarted on that folder.
 */
export async function postgresDatabaseOf(dataDir: string): Promise<string> {
  const known = databaseOfDir.get(dataDir);
  if (known) return known;
  const url = await createTestPostgresDatabase();
  databaseOfDir.set(dataDir, url);
  return url;
}

/**
 * A fresh database of the run's engine with the schema up to date and nothing seeded, for a
 * repository tested without a server: SQLite in memory, or a new PostgreSQL database.
 */
export async function openTestEngine(): Promise<SqlEngine> {
  if (!onPostgres) return sqliteEngine(openDatabase(':memory:'));
  const engine = postgresEngine(await createTestPostgresDatabase(), { max: 4 });
  try {
    await migratePostgres(engine);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}
