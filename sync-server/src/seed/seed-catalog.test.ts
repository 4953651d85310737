import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { postgresEngine } from '../db/postgres-engine';
import { migratePostgres } from '../db/postgres-migrations';
import type { SqlEngine } from '../db/sql-engine';
import { sqliteEngine } from '../db/sqlite-engine';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { makeTempDir, removeDir } from '../test-support/test-server';
import { seedCatalog } from './seed-catalog';

const NOW = Date.parse('2026-11-21T15:00:00Z');
let dir = '';
let cluster: PostgresCluster | null = null;
let databases = 0;
const open: SqlEngine[] = [];

beforeAll(async () => {
  dir = makeTempDir('stemline-seed-');
  cluster = await startPostgresCluster();
}, 60_000);
afterEach(async () => {
  await Promise.all(open.splice(0).map((engine) => engine.close()));
});
afterAll(() => {
  cluster?.stop();
  removeDir(dir);
});

const engines: { name: string; fresh: () => Promise<SqlEngine> }[] = [
  {
    name: 'SQLite',
    fresh: async () => {
      databases += 1;
      const engine = sqliteEngine(openDatabase(path.join(dir, `seed-${databases}.sqlite`)));
      open.push(engine);
      return engine;
    },
  },
  {
    name: 'PostgreSQL',
    fresh: async () => {
      databases += 1;
      if (!cluster) throw new Error('no cluster');
      const engine = postgresEngine(cluster.createDatabase(`seed_${databases}`));
      open.push(engine);
      await migratePostgres(engine);
      return engine;
    },
  },
];

/** Everything the seed writes except the catalogue id, which names one database. */
async function contents(engine: SqlEngine) {
  const all = (sql: string) => engine.all(sql);
  return {
    varieties: await all('SELECT * FROM varieties ORDER BY key'),
    growers: await all('SELECT * FROM growers ORDER BY key'),
    offers: await all('SELECT * FROM offers ORDER BY inventory_key'),
    holidays: await all('SELECT * FROM holidays ORDER BY key'),
    disclaimers: await all('SELECT * FROM disclaimers ORDER BY key'),
    synonyms: await all('SELECT * FROM search_text_replacements ORDER BY text'),
  };
}

const catalogId = async (engine: SqlEngine) =>
  (await engine.one<{ value: string }>("SELECT value FROM meta WHERE key = 'catalog_id'"))?.value;

const count = async (engine: SqlEngine, sql: string) =>
  Number((await engine.one<{ n: number | string }>(sql))?.n);

describe.each(engines)('seedCatalog on $name', ({ fresh }) => {
  it('writes the same catalogue, extras included, on two databases; only the id differs', async () => {
    const a = await fresh();
    const b = await fresh();
    expect(await seedCatalog(a, { scale: 'demo', nowMs: NOW })).toBeGreaterThan(0);
    await seedCatalog(b, { scale: 'demo', nowMs: NOW });
    expect(await contents(b)).toEqual(await contents(a));
    expect(await catalogId(a)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await catalogId(b)).not.toBe(await catalogId(a));
  });

  it('writes once: a second start keeps the data and the catalogue id', async () => {
    const engine = await fresh();
    await seedCatalog(engine, { scale: 'demo', nowMs: NOW });
    const before = { ...(await contents(engine)), id: await catalogId(engine) };
    expect(await seedCatalog(engine, { scale: 'demo', nowMs: NOW + 86_400_000 })).toBe(0);
    expect({ ...(await contents(engine)), id: await catalogId(engine) }).toEqual(before);
  });

  it('adds the extras to a catalogue seeded before they existed', async () => {
    const engine = await fresh();
    await seedCatalog(engine, { scale: 'demo', nowMs: NOW });
    const expected = await contents(engine);
    for (const sql of [
      'DELETE FROM holidays',
      'DELETE FROM disclaimers',
      'DELETE FROM search_text_replacements',
      'UPDATE varieties SET note = NULL',
      'UPDATE growers SET note = NULL',
      "DELETE FROM meta WHERE key = 'catalog_id'",
    ])
      await engine.run(sql);
    expect(await seedCatalog(engine, { scale: 'demo', nowMs: NOW })).toBe(0);
    expect(await contents(engine)).toEqual(expected);
    expect(await catalogId(engine)).toBeTruthy();
  });

  it('fills holidays of this year and the next, disclaimers, notes and synonyms', async () => {
    const engine = await fresh();
    await seedCatalog(engine, { scale: 'demo', nowMs: NOW });
    expect(
      await count(
        engine,
        'SELECT COUNT(*) AS n FROM holidays WHERE date BETWEEN 20260101 AND 20271231',
      ),
    ).toBe(28);
    expect(
      await count(
        engine,
        "SELECT COUNT(*) AS n FROM disclaimers WHERE product_group_key = 'pg-anthurium'",
      ),
    ).toBe(1);
    expect(
      await count(
        engine,
        "SELECT COUNT(*) AS n FROM varieties v WHERE (v.name LIKE 'Tinted %' OR v.name LIKE 'Dyed %' OR v.name LIKE 'Airbrushed %') AND NOT EXISTS (SELECT 1 FROM disclaimers d WHERE d.variety_key = v.key)",
      ),
    ).toBe(0);
    expect(
      await count(engine, 'SELECT COUNT(*) AS n FROM varieties WHERE note IS NOT NULL'),
    ).toBeGreaterThan(20);
    expect(
      await count(engine, 'SELECT COUNT(*) AS n FROM growers WHERE note IS NOT NULL'),
    ).toBeGreaterThan(10);
    expect(
      await count(
        engine,
        "SELECT COUNT(*) AS n FROM search_text_replacements WHERE text = 'hortensia'",
      ),
    ).toBe(1);
  });
});

describe('seedCatalog on two PostgreSQL nodes starting at once', () => {
  it('seeds the catalogue once: one node writes it, the other finds it there', async () => {
    if (!cluster) throw new Error('no cluster');
    const url = cluster.createDatabase('seed_two_nodes');
    const [a, b] = [postgresEngine(url), postgresEngine(url)];
    open.push(a, b);
    await migratePostgres(a);
    const written = await Promise.all([
      seedCatalog(a, { scale: 'demo', nowMs: NOW }),
      seedCatalog(b, { scale: 'demo', nowMs: NOW }),
    ]);
    expect(written.filter((rows) => rows > 0)).toHaveLength(1);
    expect(await count(a, 'SELECT COUNT(*) AS n FROM offers')).toBe(Math.max(...written));
  });
});
