import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../test-support/gate';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { postgresEngine } from './postgres-engine';
import { migratePostgres } from './postgres-migrations';
import { scheduledJob } from './scheduled-job';

let cluster: PostgresCluster | null = null;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(() => cluster?.stop());

/** Two server nodes on one PostgreSQL database, and an operator's connection. */
async function twoNodes(name: string) {
  if (!cluster) throw new Error('no cluster');
  const url = cluster.createDatabase(name);
  const [a, b, admin] = [postgresEngine(url), postgresEngine(url), postgresEngine(url)];
  await migratePostgres(admin);
  return {
    a,
    b,
    admin,
    ticks: async () =>
      (await admin.all<{ key: string }>("SELECT key FROM meta WHERE key LIKE 'tick-%'")).map(
        (row) => row.key,
      ),
    close: () => Promise.all([a.close(), b.close(), admin.close()]),
  };
}

describe('a scheduled job on two nodes (PostgreSQL)', () => {
  it('runs one of two concurrent ticks; the other node skips it and runs the next one', async () => {
    const nodes = await twoNodes('job_once');
    try {
      const onA = scheduledJob(nodes.a, 'sweep');
      const onB = scheduledJob(nodes.b, 'sweep');
      const started = gate();
      const finish = gate();
      const tickA = onA(async (tx) => {
        await tx.run("INSERT INTO meta (key, value) VALUES ('tick-a', '1')");
        started.open();
        await finish.opened;
      });
      await started.opened;
      expect(
        await onB((tx) => tx.run("INSERT INTO meta (key, value) VALUES ('tick-b', '1')")),
      ).toEqual({ ran: false });
      finish.open();
      expect(await tickA).toMatchObject({ ran: true });
      expect(
        await onB((tx) => tx.run("INSERT INTO meta (key, value) VALUES ('tick-b2', '1')")),
      ).toMatchObject({ ran: true });
      expect((await nodes.ticks()).sort()).toEqual(['tick-a', 'tick-b2']);
    } finally {
      await nodes.close();
    }
  });

  it('a tick asked for on the same node while one runs waits for it, then runs', async () => {
    const nodes = await twoNodes('job_same_node');
    try {
      const job = scheduledJob(nodes.a, 'mails');
      const order: string[] = [];
      const [first, second] = await Promise.all([
        job(async (tx) => {
          await tx.run("INSERT INTO meta (key, value) VALUES ('tick-1', '1')");
          order.push('first');
        }),
        job(async (tx) => {
          await tx.run("INSERT INTO meta (key, value) VALUES ('tick-2', '1')");
          order.push('second');
        }),
      ]);
      expect([first.ran, second.ran]).toEqual([true, true]);
      expect(order).toEqual(['first', 'second']);
    } finally {
      await nodes.close();
    }
  });

  it('a node that dies mid-tick leaves nothing of it, and the other node runs the job', async () => {
    const nodes = await twoNodes('job_dies');
    try {
      const onA = scheduledJob(nodes.a, 'standing');
      const onB = scheduledJob(nodes.b, 'standing');
      const started = gate();
      const tickA = onA(async (tx) => {
        await tx.run("INSERT INTO meta (key, value) VALUES ('tick-half-done', '1')");
        started.open();
        // Node A's connection is cut here (the machine dies): its next statement fails.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.run("INSERT INTO meta (key, value) VALUES ('tick-rest', '1')");
      });
      await started.opened;
      await nodes.admin.all(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted",
      );
      await expect(tickA).rejects.toThrow();
      expect(await nodes.ticks()).toEqual([]);
      expect(
        await onB((tx) => tx.run("INSERT INTO meta (key, value) VALUES ('tick-b', '1')")),
      ).toMatchObject({ ran: true });
      expect(await nodes.ticks()).toEqual(['tick-b']);
    } finally {
      await nodes.close();
    }
  });
});
