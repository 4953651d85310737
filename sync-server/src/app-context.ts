import type { ServerConfig } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Db } from './db/database';
import type { Transactional } from './db/transactional';
import type { Repositories } from './repositories';
import type { Services } from './services';

/** What every route and rule may use; built once in `createServer`. */
export interface AppContext {
  /** The database handle, for the repositories, the sync kernel and the seeds. */
  db: Db;
  config: ServerConfig;
  jwtSecret: string;
  changes: ChangeFeed;
  /** The server clock in epoch ms; tests move it to expire reservations. */
  now: () => number;
  /** Runs a unit of work in one transaction (a savepoint inside another): db/transactional.ts. */
  transactional: Transactional;
  /** Every repository, built once from `db` (repositories.ts). */
  repos: Repositories;
  /** Mail, captcha and config look-ups, built once (services.ts). */
  services: Services;
}
