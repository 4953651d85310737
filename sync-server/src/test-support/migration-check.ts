import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migrate } from '../db/migrations';
import { postgresEngine } from '../db/postgres-engine';
import { migratePostgres } from '../db/postgres-migrations';
import type { SqlEngine } from '../db/sql-engine';
import { sqliteEngine } from '../db/sqlite-engine';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';

/** What one migration does to rows written under the schema just before it. */
export interface MigrationCheck {
  /** Writes rows as the schema before the migration keeps them. */
  fill: (engine: SqlEngine) => Promise<void>;
  /** Reads back what the migration made of them (expect inside). */
  check: (engine: SqlEngine) => Promise<void>;
}

/**
 * Checks migration `index` on both engines: a fresh database migrated up to just before it,
 * `fill`, the remaining migrations, then `check`. PostgreSQL runs on a throwaway cluster.
 */
export function describeMigrationOnBothEngines(
  name: string,
  index: number,
  { fill, check }: MigrationCheck,
): void {
  describe(name, () => {
    it('SQLite', async () => {
      const db = new Database(':memory:');
      const engine = sqliteEngine(db);
      try {
        migrate(db, index);
        await fill(engine);
        migrate(db);
        await check(engine);
      } finally {
        await engine.close();
      }
    });

    let cluster: PostgresCluster | null = null;
    beforeAll(async () => {
      cluster = await startPostgresCluster();
    }, 60_000);
    afterAll(() => {
      cluster?.stop();
    });
    it('PostgreSQL', async () => {
      if (!cluster) throw new Error('no cluster');
      const engine = postgresEngine(cluster.createDatabase(`migration_${index}`));
      try {
        await migratePostgres(engine, index);
        await fill(engine);
        await migratePostgres(engine);
        await check(engine);
      } finally {
        await engine.close();
      }
    }, 60_000);
  });
}
