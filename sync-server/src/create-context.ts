import type { AppContext } from './app-context';
import { resolveJwtSecret } from './auth/tokens';
import type { ServerConfig } from './config';
import { createChangeFeed } from './db/change-feed';
import type { Db } from './db/database';
import { createTransactional } from './db/transactional';
import { createRepositories } from './repositories';
import { createServices } from './services';

/**
 * The app context of one database handle: its change feed, its repositories and services, each
 * built once. `createServer` calls it once; a benchmark may call it again for a copy of the data.
 */
export function createAppContext(
  db: Db,
  config: ServerConfig,
  options: { jwtSecret?: string; now: () => number },
): AppContext {
  const repos = createRepositories(db, options.now);
  return {
    db,
    config,
    jwtSecret:
      options.jwtSecret ?? resolveJwtSecret(repos.serverSecrets, config.dataDir, config.jwtSecret),
    changes: createChangeFeed(db),
    now: options.now,
    transactional: createTransactional(db),
    repos,
    services: createServices(repos, config, options.now),
  };
}
