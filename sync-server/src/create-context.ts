import type { AppContext } from './app-context';
import { resolveJwtSecret } from './auth/tokens';
import { resolveCaptchaKey } from './captcha/captcha-service';
import type { ServerConfig } from './config';
import { createChangeFeed } from './db/change-feed';
import type { Db } from './db/database';
import { localMessages } from './db/node-messages';
import { sqliteEngine } from './db/sqlite-engine';
import { createTransactional } from './db/transactional';
import { createRepositories } from './repositories';
import { createServices } from './services';

/**
 * The app context of one database handle: its SQL engine, change feed, repositories and
 * services, each built once (one engine per handle: it takes the connection in turn).
 * `createServer` calls it once; a benchmark may call it again for a copy of the data.
 */
export async function createAppContext(
  db: Db,
  config: ServerConfig,
  options: { jwtSecret?: string; now: () => number },
): Promise<AppContext> {
  // Over the same handle, so the repositories not yet on the engine run in its transactions.
  const engine = sqliteEngine(db);
  const repos = createRepositories(db, engine, options.now);
  // Read (or stored once) before anything serves: every node shares the database's secrets.
  const jwtSecret =
    options.jwtSecret ??
    (await resolveJwtSecret(repos.serverSecrets, config.dataDir, config.jwtSecret));
  const captchaKey = await resolveCaptchaKey(repos.serverSecrets, config);
  return {
    db,
    engine,
    config,
    jwtSecret,
    changes: createChangeFeed(engine, localMessages(), db),
    now: options.now,
    transactional: createTransactional(engine),
    repos,
    services: createServices(repos, config, options.now, { captchaKey }),
  };
}
