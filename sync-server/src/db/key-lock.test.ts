import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../test-support/gate';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { customerLockKey, lockCustomers, lockKey } from './key-lock';
import { postgresEngine } from './postgres-engine';
import type { SqlExecutor } from './sql-engine';

let cluster: PostgresCluster | null = null;
beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 60_000);
afterAll(() => cluster?.stop());

/** The advisory locks of customer `key`, granted or waited for, as pg_locks lists them. */
async function locksOf(executor: SqlExecutor, key: string) {
  return executor.all<{ granted: boolean }>(
    `SELECT granted FROM pg_locks
      WHERE locktype = 'advisory' AND objid::bigint = (hashtext(?)::bigint & 4294967295)`,
    [customerLockKey(key)],
  );
}

describe('lockCustomers (PostgreSQL)', () => {
  it('takes the locks by code units whatever order it is given, not by a collation that skips punctuation', async () => {
    if (!cluster) throw new Error('no cluster');
    const url = cluster.createDatabase('key_lock_order');
    const [holder, node, observer] = [
      postgresEngine(url),
      postgresEngine(url),
      postgresEngine(url),
    ];
    // 'c-b' comes first by code units ('-' is 0x2d, '_' 0x5f); a collation that ignores
    // punctuation puts 'c_a' first. The keys are given in that second order.
    const released = gate();
    const holding = gate();
    try {
      const holderTx = holder.transaction(async (tx) => {
        await lockKey(tx, customerLockKey('c_a'));
        holding.open();
        await released.opened;
      });
      await holding.opened;
      const nodeTx = node.transaction((tx) => lockCustomers(tx, ['c_a', 'c-b', 'c_a']));
      // The node takes 'c-b', then waits for 'c_a': it holds the lock it takes first.
      await expect
        .poll(
          async () => ({
            first: await locksOf(observer, 'c-b'),
            second: (await locksOf(observer, 'c_a')).map((lock) => lock.granted).sort(),
          }),
          { timeout: 15_000 },
        )
        .toEqual({ first: [{ granted: true }], second: [false, true] });
      released.open();
      await Promise.all([holderTx, nodeTx]);
      expect(await locksOf(observer, 'c-b')).toEqual([]);
    } finally {
      released.open();
      await Promise.all([holder.close(), node.close(), observer.close()]);
    }
  });
});
