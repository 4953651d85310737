import type { ServerConfig } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Db } from './db/database';
import type { SqlEngine } from './db/sql-engine';
import type { Transactional } from './db/transactional';
import type { Repositories } from './repositories';
import type { Services } from './services';

/** What every route and rule may use; built once in `createServer`. */
export interface AppContext {
  /**
   * The better-sqlite3 handle on SQLite, for the repositories not yet moved onto `engine` and
   * the backups (issue 23 moves every repository onto the engine); null on PostgreSQL. New code
   * uses `engine`.
   */
  db: Db | null;
  /**
   * The async SQL engine (db/sql-engine.ts): SQLite or PostgreSQL (DATABASE_URL). Repositories,
   * the push's idempotency records and `transactional` run on it. On SQLite it wraps `db`
   * itself, so both see one connection and one transaction.
   */
  engine: SqlEngine;
  config: ServerConfig;
  jwtSecret: string;
  changes: ChangeFeed;
  /** The server clock in epoch ms; tests move it to expire reservations. */
  now: () => number;
  /** Runs a unit of work in one engine transaction (a savepoint inside another), async. */
  transactional: Transactional;
  /** Every repository, built once from `db` (repositories.ts). */
  repos: Repositories;
  /** Mail, captcha and config look-ups, built once (services.ts). */
  services: Services;
}
