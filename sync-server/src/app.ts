import type { Server } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import compress from 'koa-compress';
import type { AppContext } from './app-context';
import { requireAuth } from './auth/require-auth';
import { authRoutes } from './auth/routes';
import { resolveJwtSecret } from './auth/tokens';
import { createUserRepository } from './auth/user-repository';
import { createReservationSweeper } from './cart/reservation-sweeper';
import { cartOperations, cartRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import type { ServerConfig } from './config';
import { openDatabase } from './db/database';
import { healthRoutes } from './health/routes';
import { csRunRoutes } from './http/cs-run';
import { DomainError } from './http/domain-error';
import { errorMiddleware } from './http/error-middleware';
import { serveSpa } from './http/spa';
import { seedCatalog } from './seed/seed-catalog';
import { seedDemoAccounts } from './seed/demo-accounts';
import { createChangeFeed } from './sync/change-feed';
import { syncRoutes } from './sync/routes';

const SWEEP_INTERVAL_MS = 10_000;

export interface StemlineServer {
  context: AppContext;
  koa: Koa;
  /** Listens on the configured host and port (0 picks a free port); resolves to the base URL. */
  listen(): Promise<string>;
  /** Releases open-market reservations that have ended; runs on a timer while listening. */
  sweepReservations(): number;
  close(): Promise<void>;
}

/** Opens the database, seeds it on first start, and wires every route. */
export async function createServer(
  config: ServerConfig,
  options: { now?: () => number } = {},
): Promise<StemlineServer> {
  const db = openDatabase(config.databaseFile);
  const now = options.now ?? Date.now;
  const context: AppContext = {
    db,
    config,
    jwtSecret: resolveJwtSecret(config.dataDir, config.jwtSecret),
    changes: createChangeFeed(db),
    now,
  };
  seedCatalog(db, { scale: config.catalogScale, nowMs: now() });
  if (config.seedDemo) await seedDemoAccounts(db, now());

  const koa = new Koa({ proxy: false });
  koa.on('error', (error: unknown) => {
    // A client closing its event stream or dropping a connection is routine, not a failure.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE') return;
    console.error('[stemline] request failed:', error);
  });
  const users = createUserRepository(db);
  const protectedGate = requireAuth(
    context.jwtSecret,
    (userKey) => users.findByKey(userKey)?.active ?? false,
  );
  const routers = {
    public: [healthRoutes(context), authRoutes(context)],
    protected: [
      catalogRoutes(context),
      cartRoutes(context),
      syncRoutes(context),
      csRunRoutes({ ...cartOperations(context) }),
    ],
  };

  koa.use(errorMiddleware);
  koa.use(async (ctx, next) => {
    ctx.set('X-Server-Time', String(now()));
    await next();
  });
  koa.use(compress({ threshold: 1024 }));
  koa.use(bodyParser({ jsonLimit: '1mb', enableTypes: ['json'] }));
  for (const router of routers.public) koa.use(router.routes()).use(router.allowedMethods());
  koa.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) await protectedGate(ctx, next);
    else await next();
  });
  for (const router of routers.protected) koa.use(router.routes()).use(router.allowedMethods());
  koa.use((ctx, next) => {
    if (ctx.path.startsWith('/api/')) throw new DomainError('not_found', 'No such API call.');
    return next();
  });
  koa.use(serveSpa(config.pwaDist));

  const sweepReservations = createReservationSweeper(context);
  let server: Server | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  return {
    context,
    koa,
    sweepReservations,
    listen() {
      return new Promise((resolve) => {
        server = koa.listen(config.port, config.host, () => {
          const address = server?.address();
          const port = typeof address === 'object' && address ? address.port : config.port;
          sweepTimer = setInterval(sweepReservations, SWEEP_INTERVAL_MS);
          sweepTimer.unref();
          resolve(`http://${config.host}:${port}`);
        });
      });
    },
    async close() {
      clearInterval(sweepTimer);
      if (server) {
        const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
        // Chromium keeps sockets alive; without this the close waits on them forever.
        server.closeAllConnections();
        await closing;
      }
      db.close();
    },
  };
}
