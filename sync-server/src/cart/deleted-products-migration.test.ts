import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { migrate, migrations } from '../db/migrations';
import { postgresEngine } from '../db/postgres-engine';
import { migratePostgres } from '../db/postgres-migrations';
import type { SqlExecutor } from '../db/sql-engine';
import { sqliteEngine } from '../db/sqlite-engine';

/** The migration that drops `deleted_products.acknowledged`, which nothing set any more. */
const DROP = migrations.findIndex(
  (migration) =>
    typeof migration === 'string' &&
    migration.includes('ALTER TABLE deleted_products DROP COLUMN acknowledged'),
);

/** Two products of one guest as the older schema kept them: one still unseen, one seen. */
async function fillOlder(db: SqlExecutor): Promise<void> {
  const row = `INSERT INTO deleted_products (customer_key, key, variety_key, variety_name,
      inventory_key, eta_date, boxes, reason, created_at, acknowledged)
    VALUES ('c-guest', ?, 'v', 'Freedom', 7, 20261120, 2, 'reservation_expired', 1, ?)`;
  await db.run(row, ['unseen', 0]);
  await db.run(row, ['seen', 1]);
}

const keysOf = async (db: SqlExecutor) =>
  (await db.all<{ key: string }>('SELECT key FROM deleted_products ORDER BY key')).map(
    (row) => row.key,
  );

describe('the migration that drops deleted_products.acknowledged', () => {
  it('is in the list', () => {
    expect(DROP).toBeGreaterThan(0);
  });

  it('SQLite: keeps the unseen products, forgets the seen ones, and drops the column', async () => {
    const db = new Database(':memory:');
    const engine = sqliteEngine(db);
    try {
      migrate(db, DROP);
      await fillOlder(engine);
      migrate(db);
      expect(await keysOf(engine)).toEqual(['unseen']);
      expect(() => db.prepare('SELECT acknowledged FROM deleted_products').all()).toThrow(
        /no such column/,
      );
    } finally {
      await engine.close();
    }
  });

  describe('PostgreSQL', () => {
    let cluster: PostgresCluster | null = null;
    beforeAll(async () => {
      cluster = await startPostgresCluster();
    }, 60_000);
    afterAll(() => {
      cluster?.stop();
    });

    it('does the same', async () => {
      if (!cluster) throw new Error('no cluster');
      const engine = postgresEngine(cluster.createDatabase('deleted_products_migration'));
      try {
        await migratePostgres(engine, DROP);
        await fillOlder(engine);
        await migratePostgres(engine);
        expect(await keysOf(engine)).toEqual(['unseen']);
        await expect(engine.all('SELECT acknowledged FROM deleted_products')).rejects.toThrow();
      } finally {
        await engine.close();
      }
    }, 60_000);
  });
});
