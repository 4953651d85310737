import type Database from 'better-sqlite3';
import { ambientTransactions, routedStatements } from './ambient-transaction';
import type { RunResult, SqlEngine, SqlExecutor, SqlValue } from './sql-engine';

/**
 * The embedded engine: one better-sqlite3 connection, one process. Its statements run
 * synchronously, but a transaction's work is async (it awaits other repositories), so callers
 * take the connection in turn: a statement issued by another request while a transaction is open
 * waits for it, instead of landing inside it (and being rolled back with it). Statements of the
 * transaction's own call chain run in it (see ambient-transaction.ts). Keep transactions free of
 * network waits: they hold the only connection.
 */
export function sqliteEngine(db: Database.Database): SqlEngine {
  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
  const ambient = ambientTransactions();

  /** Runs statements directly: the caller holds the connection. */
  const direct = (depth: number): SqlExecutor => ({
    kind: 'sqlite',
    all: async <Row extends object>(sql: string, params: readonly SqlValue[] = []) =>
      statement(sql).all(...params) as Row[],
    one: async <Row extends object>(sql: string, params: readonly SqlValue[] = []) =>
      statement(sql).get(...params) as Row | undefined,
    run: async (sql: string, params: readonly SqlValue[] = []): Promise<RunResult> => {
      const prepared = statement(sql);
      if (prepared.reader)
        throw new Error('run() is for statements that write; use all() or one()');
      return { changes: prepared.run(...params).changes };
    },
    transaction: <T>(work: (tx: SqlExecutor) => Promise<T>) => savepoint(depth + 1, work),
  });

  const savepoint = async <T>(depth: number, work: (tx: SqlExecutor) => Promise<T>) => {
    const name = `sp${depth}`;
    db.exec(`SAVEPOINT ${name}`);
    try {
      const value = await ambient.within(direct(depth), work);
      db.exec(`RELEASE ${name}`);
      return value;
    } catch (error) {
      db.exec(`ROLLBACK TO ${name}`);
      db.exec(`RELEASE ${name}`);
      throw error;
    }
  };

  let turn: Promise<unknown> = Promise.resolve();
  /** Runs `task` when every earlier caller is done with the connection. */
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const result = turn.then(task, task);
    turn = result.catch(() => undefined);
    return result;
  };

  /**
   * Takes the write lock (BEGIN IMMEDIATE), waiting for another connection that holds it
   * without blocking the event loop: the connection's own busy timeout would wait synchronously,
   * and a holder in this same process (a second connection, as a second node in a test) could
   * then never reach its COMMIT. Waits at most as long as that timeout, then throws SQLITE_BUSY.
   */
  const begin = async (): Promise<void> => {
    const timeoutMs = db.pragma('busy_timeout', { simple: true }) as number;
    const deadline = Date.now() + timeoutMs;
    for (let pauseMs = 1; ; pauseMs = Math.min(pauseMs * 2, 50)) {
      db.pragma('busy_timeout = 0');
      try {
        db.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline)
          throw error;
      } finally {
        db.pragma(`busy_timeout = ${timeoutMs}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };

  const outer = direct(0);
  const transaction = <T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    const open = ambient.current();
    if (open) return open.transaction(work);
    return inTurn(async () => {
      await begin();
      try {
        const value = await ambient.within(direct(0), work);
        db.exec('COMMIT');
        return value;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    });
  };
  const running = new Set<string>();

  return {
    kind: 'sqlite',
    ...routedStatements(ambient, {
      all: (sql, params) => inTurn(() => outer.all(sql, params)),
      one: (sql, params) => inTurn(() => outer.one(sql, params)),
      // A write outside a transaction takes the write lock like a transaction does, waiting
      // for another connection (a second node in this process) without blocking the event
      // loop; better-sqlite3's own busy wait would block it, and that holder could never commit.
      run: (sql, params) => transaction((tx) => tx.run(sql, params)),
    }),
    transaction,
    // One process serves an SQLite file: a job runs whenever no other run of it is under way.
    exclusively: async <T>(job: string, work: (tx: SqlExecutor) => Promise<T>) => {
      if (ambient.current()) throw new Error('exclusively() starts its own transaction');
      if (running.has(job)) return { ran: false as const };
      running.add(job);
      try {
        return { ran: true as const, value: await transaction(work) };
      } finally {
        running.delete(job);
      }
    },
    close: async () => {
      await inTurn(async () => db.close());
    },
  };
}
