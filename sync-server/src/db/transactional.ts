import type { SqlEngine } from './sql-engine';

/**
 * Wraps a unit of work so that each call runs in one database transaction of the engine: all its
 * writes commit together when the work resolves, or none do when it throws or rejects. Called
 * inside another transaction (of the same async call chain) it runs as a savepoint of it, so a
 * failing inner step is undone alone. Features get it as `app.transactional` and never see the
 * handle or the engine.
 *
 * The work may be synchronous or async. While the repositories move from better-sqlite3's
 * synchronous calls onto the engine (issue 23), a body may mix both: on SQLite a body that only
 * awaits engine and repository calls settles in microtasks, so no other request (another I/O
 * callback or timer) can run between its BEGIN and its COMMIT. Keep real I/O (sending mail,
 * files, `fetch`, timers) OUT of the work: do it before, or after the returned promise resolves.
 * Inside, it would hold the only SQLite connection and let other requests' synchronous
 * statements land in the transaction. Async chains started in the same tick (a run the server
 * starts as it listens, `Promise.all` of two runs) do interleave at each await: their engine
 * statements wait for the transaction, but their not-yet-converted synchronous statements would
 * read its uncommitted writes. So move such a chain's reads onto the engine too.
 *
 * On SQLite every transaction takes the write lock at its start (BEGIN IMMEDIATE), so work that
 * reads and then writes while another process may do the same (a scheduler run on a second
 * process) cannot fail half-way on a lock upgrade. Work that must run once per tick across nodes
 * uses `engine.exclusively` instead.
 */
export type Transactional = <A extends unknown[], R>(
  work: (...args: A) => R | Promise<R>,
) => (...args: A) => Promise<R>;

export function createTransactional(engine: SqlEngine): Transactional {
  return (work) =>
    (...args) =>
      engine.transaction(async () => work(...args));
}
