/**
 * The narrow, engine-neutral surface the repositories are being moved onto (issue 23): run a
 * parameterised statement, read rows, and run a function in a transaction. Two engines implement
 * it — SQLite (better-sqlite3, the embedded default) and PostgreSQL (node-postgres, for several
 * server nodes) — so a repository is written once and domain rules never know which one runs.
 *
 * Statements are written with `?` placeholders (SQLite's, which the existing repositories use);
 * the PostgreSQL engine numbers them ($1, $2, …). Values are numbers, strings or null: booleans
 * are stored as 0/1 and timestamps as epoch milliseconds on both engines.
 */
export type SqlValue = string | number | null;

export type EngineKind = 'sqlite' | 'postgres';

export interface RunResult {
  /** Rows inserted, updated or deleted by the statement. */
  changes: number;
}

/** What a repository may do, inside or outside a transaction. */
export interface SqlExecutor {
  readonly kind: EngineKind;
  all<Row extends object>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** The first row, or undefined when there is none. */
  one<Row extends object>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined>;
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
  /**
   * Runs `work` in a transaction and commits when it resolves; rolls back (and rethrows) when it
   * rejects. Called inside a transaction it opens a savepoint instead, so one failed step (one
   * mutation of a pushed batch) is undone alone and the rest of the batch goes on.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

export interface SqlEngine extends SqlExecutor {
  /**
   * Runs `work` only if no other node runs the same named job at this moment, holding the lock
   * for the length of one transaction (PostgreSQL: a transaction-level advisory lock, released
   * by commit, rollback or a dead connection; SQLite: one process, one job at a time). Answers
   * `{ ran: false }` without waiting when another node holds it.
   */
  exclusively<T>(
    job: string,
    work: (tx: SqlExecutor) => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}
