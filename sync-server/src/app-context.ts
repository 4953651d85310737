import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { ChangeFeed } from './sync/change-feed';

/** What every route and repository may use; built once in `createServer`. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  jwtSecret: string;
  changes: ChangeFeed;
  /** The server clock in epoch ms; tests move it to expire reservations. */
  now: () => number;
}
