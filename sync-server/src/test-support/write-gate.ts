import { gate } from './gate';
import type { TestServer } from './test-server';

export interface WriteGate {
  /** Resolves once `count` sessions of the test's database wait on a lock (the gate's or any). */
  waiting(count: number): Promise<void>;
  /** Ends the gate's transaction: the writes it held go on, in the order they queued. */
  open(): Promise<void>;
}

/**
 * Lines up concurrent writes on PostgreSQL: a transaction of the test's own holds the row of the
 * change sequence, so every replicated write of the server stops at its first `changes.next()`
 * with what it read before still in hand, until `open()`. A test starts one request, waits until
 * it waits, starts the racing one, waits for both, then opens: the interleaving a lock must
 * prevent then happens every run, not by chance. PostgreSQL only (on SQLite every transaction
 * holds the write lock from its BEGIN, so there is nothing to interleave).
 */
export async function closeWriteGate(t: TestServer): Promise<WriteGate> {
  const { engine } = t.server.context;
  if (engine.kind !== 'postgres') throw new Error('the write gate needs PostgreSQL');
  const released = gate();
  const holding = gate();
  const transaction = engine.transaction(async (tx) => {
    await tx.run('UPDATE change_seq SET value = value WHERE id = 1');
    holding.open();
    await released.opened;
  });
  await Promise.race([holding.opened, transaction]);
  return {
    async waiting(count) {
      for (;;) {
        const row = await t.sql.one<{ n: number }>(
          `SELECT COUNT(*) AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((row?.n ?? 0) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async open() {
      released.open();
      await transaction;
    },
  };
}
