import type { AppContext } from '../app-context';
import type { Db } from '../db/database';

/**
 * The better-sqlite3 handle of a server on SQLite, for tests and benchmarks that read or set up
 * rows directly; throws on PostgreSQL, where such code cannot run (use the engine instead).
 */
export function sqliteHandleOf(context: Pick<AppContext, 'db'>): Db {
  if (!context.db) throw new Error('this needs the SQLite handle: the server runs on PostgreSQL');
  return context.db;
}
