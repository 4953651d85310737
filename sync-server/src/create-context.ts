import type { AppContext } from './app-context';
import { resolveJwtSecret } from './auth/tokens';
import { resolveCaptchaKey } from './captcha/captcha-service';
import type { ServerConfig } from './config';
import { createChangeFeed } from './db/change-feed';
import type { Db } from './db/database';
import { localMessages, postgresMessages, type NodeMessages } from './db/node-messages';
import { postgresEngine } from './db/postgres-engine';
import { migratePostgres } from './db/postgres-migrations';
import type { SqlEngine } from './db/sql-engine';
import { sqliteEngine } from './db/sqlite-engine';
import { createTransactional } from './db/transactional';
import { createRepositories } from './repositories';
import { createServices } from './services';

interface ContextOptions {
  jwtSecret?: string;
  now: () => number;
}

/**
 * The app context of one SQLite handle: its SQL engine, change feed (messages in-process),
 * repositories and services, each built once (one engine per handle: it takes the connection in
 * turn). `createServer` calls it once; a benchmark or a test may call it again for a second
 * connection to the same file.
 */
export async function createAppContext(
  db: Db,
  config: ServerConfig,
  options: ContextOptions,
): Promise<AppContext> {
  return buildContext(sqliteEngine(db), localMessages(), db, config, options);
}

/**
 * The app context of one server node on the PostgreSQL database at `url`: a connection pool,
 * the schema brought up to date (`migratePostgres`; several nodes may start at once) and
 * LISTEN/NOTIFY to the other nodes. On a failure the pool and the listener are closed again.
 */
export async function createPostgresAppContext(
  url: string,
  config: ServerConfig,
  options: ContextOptions,
): Promise<AppContext> {
  const engine = postgresEngine(url);
  let messages: NodeMessages | undefined;
  try {
    await migratePostgres(engine);
    messages = await postgresMessages(url);
    return await buildContext(engine, messages, null, config, options);
  } catch (error) {
    await messages?.close();
    await engine.close();
    throw error;
  }
}

async function buildContext(
  engine: SqlEngine,
  messages: NodeMessages,
  db: Db | null,
  config: ServerConfig,
  options: ContextOptions,
): Promise<AppContext> {
  const repos = createRepositories(engine, options.now);
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
    changes: createChangeFeed(engine, messages),
    now: options.now,
    transactional: createTransactional(engine),
    repos,
    services: createServices(repos, config, options.now, { captchaKey }),
  };
}
