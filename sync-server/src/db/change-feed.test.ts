import { SYNCED_COLLECTIONS } from '@stemline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { createChangeFeed, type Poke } from './change-feed';
import { openDatabase } from './database';
import { localMessages, postgresMessages } from './node-messages';
import { postgresEngine } from './postgres-engine';
import { migratePostgres } from './postgres-migrations';
import { sqliteEngine } from './sqlite-engine';

let cluster: PostgresCluster | null = null;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(() => cluster?.stop());

/** Two server nodes on one PostgreSQL database, each with its engine and its change feed. */
async function twoNodes(name: string) {
  if (!cluster) throw new Error('no cluster');
  const url = cluster.createDatabase(name);
  const engines = [postgresEngine(url), postgresEngine(url)] as const;
  await migratePostgres(engines[0]);
  const feeds = await Promise.all(
    engines.map(async (engine) =>
      createChangeFeed(engine, await postgresMessages(url, { retryMs: 50 })),
    ),
  );
  const [a, b] = feeds as [(typeof feeds)[0], (typeof feeds)[0]];
  return {
    a,
    b,
    admin: engines[0],
    async close() {
      await Promise.all(feeds.map((feed) => feed.close()));
      await Promise.all(engines.map((engine) => engine.close()));
    },
  };
}

describe('change feed across nodes (PostgreSQL)', () => {
  it('a poke made through node A reaches the streams held by node B, and by A itself', async () => {
    const nodes = await twoNodes('feed_poke');
    try {
      const onB: Poke[] = [];
      const onA: Poke[] = [];
      const otherCustomer: Poke[] = [];
      nodes.b.subscribe('c-1', (poke) => onB.push(poke));
      nodes.a.subscribe('c-1', (poke) => onA.push(poke));
      nodes.b.subscribe('c-2', (poke) => otherCustomer.push(poke));
      nodes.a.poke('c-1', ['cart_lines', 'notices']);
      await expect.poll(() => onB).toEqual([{ collections: ['cart_lines', 'notices'] }]);
      await expect.poll(() => onA).toEqual([{ collections: ['cart_lines', 'notices'] }]);
      expect(otherCustomer).toEqual([]);
    } finally {
      await nodes.close();
    }
  });

  it("ends a user's streams on every node, except the session it is told to keep", async () => {
    const nodes = await twoNodes('feed_sessions');
    try {
      const heard: (string | undefined)[] = [];
      nodes.b.onSessionsEnded('u-1', (keep) => heard.push(keep));
      nodes.a.endSessions('u-1', 'token-7');
      nodes.a.endSessions('u-1');
      // Two calls are two notifications, each sent on whichever pooled connection is free, so
      // they may arrive in either order.
      await expect.poll(() => [...heard].sort()).toEqual(['token-7', undefined]);
    } finally {
      await nodes.close();
    }
  });

  it('after its listening connection drops, a node has every stream pull and check its session', async () => {
    const nodes = await twoNodes('feed_resync');
    try {
      const pokes: Poke[] = [];
      const checks: (string | undefined)[] = [];
      nodes.b.subscribe('c-1', (poke) => pokes.push(poke));
      nodes.b.onSessionsEnded('u-1', (keep) => checks.push(keep));
      // A poke sent while B's listener is down is lost; the resync makes up for it.
      await nodes.admin.all(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN stemline_nodes'",
      );
      await expect
        .poll(() => pokes, { timeout: 10_000 })
        .toContainEqual({ collections: [...SYNCED_COLLECTIONS] });
      expect(checks).toContain(undefined);
    } finally {
      await nodes.close();
    }
  });

  it('ignores a message on the channel that is not one of its own (forged or garbled)', async () => {
    const nodes = await twoNodes('feed_forged');
    try {
      const pokes: Poke[] = [];
      nodes.b.subscribe('c-1', (poke) => pokes.push(poke));
      for (const payload of [
        'not json',
        JSON.stringify({ kind: 'poke', customer: 'c-1', collections: ['users'] }),
        JSON.stringify({ kind: 'poke', customer: 'c-1' }),
        JSON.stringify({ kind: 'drop_tables' }),
      ]) {
        await nodes.admin.all("SELECT pg_notify('stemline_nodes', ?)", [payload]);
      }
      nodes.a.poke('c-1', ['orders']);
      await expect.poll(() => pokes).toEqual([{ collections: ['orders'] }]);
    } finally {
      await nodes.close();
    }
  });
});

describe('change feed on one node', () => {
  it('pokes its own streams before poke() returns, with no database in between', () => {
    const db = openDatabase(':memory:');
    const feed = createChangeFeed(sqliteEngine(db), localMessages());
    const pokes: Poke[] = [];
    feed.subscribe('c-1', (poke) => pokes.push(poke));
    feed.poke('c-1', ['favorites']);
    expect(pokes).toEqual([{ collections: ['favorites'] }]);
    db.close();
  });
});
