import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app';
import { loadConfig } from '../config';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { makeTempDir, removeDir } from '../test-support/test-server';
import { postgresEngine } from './postgres-engine';

let cluster: PostgresCluster | null = null;
let dir = '';
beforeAll(async () => {
  cluster = await startPostgresCluster();
  dir = makeTempDir('stemline-pg-start-');
}, 60_000);
afterAll(() => {
  cluster?.stop();
  removeDir(dir);
});

describe('DATABASE_URL', () => {
  it('serves from PostgreSQL, seeded through the engine, and opens no SQLite file', async () => {
    if (!cluster) throw new Error('no cluster');
    const url = cluster.createDatabase('start');
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_SCALE: 'demo',
      DATABASE_URL: url,
      SEED_DEMO: '1',
    });
    const server = await createServer(config);
    try {
      expect(existsSync(config.databaseFile)).toBe(false);
      expect(server.context.engine.kind).toBe('postgres');
      expect(server.context.db).toBeNull();
      const base = await server.listen();
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      // The change sequence and the seeded catalogue are PostgreSQL's.
      const admin = postgresEngine(url, { max: 1 });
      try {
        const seq = await admin.one<{ value: number }>('SELECT value FROM change_seq WHERE id = 1');
        expect(((await health.json()) as { seq: number }).seq).toBe(seq?.value);
        expect(await admin.one('SELECT 1 AS found FROM offers LIMIT 1')).toBeDefined();
        expect(await admin.one("SELECT key FROM users WHERE key = 'u-florist'")).toBeDefined();
      } finally {
        await admin.close();
      }
    } finally {
      await server.close();
    }
  });
});
