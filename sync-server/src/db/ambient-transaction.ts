import { AsyncLocalStorage } from 'node:async_hooks';
import type { RunResult, SqlExecutor, SqlValue } from './sql-engine';

/**
 * The transaction an async call chain is running in, per engine. A repository built once at
 * start-up holds the engine, not a transaction; when a handler calls it inside
 * `engine.transaction(…)`, its statements find that transaction here and run in it (on the
 * transaction's connection, under its savepoint), with nothing passed down the call chain.
 */
export interface Ambient {
  current(): SqlExecutor | undefined;
  /** Runs `work` with `tx` as the current transaction of everything it awaits. */
  within<T>(tx: SqlExecutor, work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

/** One open transaction or savepoint of a call chain, inside `parent` when nested. */
interface Frame {
  tx: SqlExecutor;
  open: boolean;
  parent: Frame | undefined;
}

/**
 * A callback the work scheduled may run after its transaction ended (a mail server's answer,
 * a timer): it then finds the nearest transaction still open, or none, never the ended one,
 * whose connection may by then serve another caller's transaction.
 */
export function ambientTransactions(): Ambient {
  const store = new AsyncLocalStorage<Frame>();
  return {
    current: () => {
      let frame = store.getStore();
      while (frame && !frame.open) frame = frame.parent;
      return frame?.tx;
    },
    within: async (tx, work) => {
      const frame: Frame = { tx, open: true, parent: store.getStore() };
      try {
        return await store.run(frame, () => work(tx));
      } finally {
        frame.open = false;
      }
    },
  };
}

/**
 * An engine's statements: in the current transaction when there is one, otherwise through
 * `outside` (one statement in its own implicit transaction).
 */
export function routedStatements(
  ambient: Ambient,
  outside: Pick<SqlExecutor, 'all' | 'one' | 'run'>,
): Pick<SqlExecutor, 'all' | 'one' | 'run'> {
  return {
    all: <Row extends object>(sql: string, params?: readonly SqlValue[]) =>
      (ambient.current() ?? outside).all<Row>(sql, params),
    one: <Row extends object>(sql: string, params?: readonly SqlValue[]) =>
      (ambient.current() ?? outside).one<Row>(sql, params),
    run: (sql: string, params?: readonly SqlValue[]): Promise<RunResult> =>
      (ambient.current() ?? outside).run(sql, params),
  };
}
