import { createServer as createHttpServer, type Server } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import compress from 'koa-compress';
import { managerPhotoRoutes } from './account-manager/photo-routes';
import { accountManagerOperations, accountManagerRoutes } from './account-manager/routes';
import { seedDemoManagers } from './account-manager/seed-managers';
import { externalAppPlaceholderRoutes } from './accounts/external-app-placeholder';
import { accountOperations } from './accounts/operations';
import { referralRoutes } from './accounts/referrals';
import { originOnPort } from './accounts/public-origin';
import { accountRoutes } from './accounts/routes';
import type { AppContext } from './app-context';
import { createAppContext, createPostgresAppContext } from './create-context';
import { createAuthenticator } from './auth/bearer-auth';
import { sessionHolds } from './auth/session-holds';
import { mailboxProofGate } from './auth/mailbox-proof';
import { requireAuth } from './auth/require-auth';
import { authRoutes, authSessionRoutes } from './auth/routes';
import { captchaRoutes } from './captcha/routes';
import { createReservationSweeper } from './cart/reservation-sweeper';
import { customBoxOperations, customBoxRoutes } from './cart/custom-box-routes';
import { deletedProductsRoutes } from './cart/deleted-products-routes';
import { offerPriceRoutes } from './cart/offer-price-routes';
import { cartOperations, cartRoutes } from './cart/routes';
import { varietyImageRoutes } from './catalog/image-routes';
import { catalogReferenceRoutes } from './catalog/reference-routes';
import './catalog/register-catalog-models';
import { createCatalogSnapshots } from './catalog/catalog-snapshots';
import { catalogRoutes } from './catalog/routes';
import { checkoutOperations, checkoutRoutes } from './checkout/routes';
import { claimOperations } from './claims/routes';
import { chunkedUploadRoutes, isUploadPartRequest } from './claims/chunked-upload-routes';
import { IMAGE_UPLOAD_PATH, uploadRoutes } from './claims/upload-routes';
import type { ServerConfig } from './config';
import { modelRoutes } from './config-models/model-routes';
import './config-models/register-config-models';
import { seedConfigRecords } from './config-models/seed-config-records';
import { startBackups } from './db/backups';
import { openDatabase } from './db/database';
import { healthRoutes } from './health/routes';
import { createTestClock, testClockRoutes } from './health/test-clock';
import { customerOperations, customerRoutes } from './customers/routes';
import { deliveryScheduleOperations, deliveryScheduleRoutes } from './delivery-schedule/routes';
import { seedDeliverySchedules } from './delivery-schedule/schedule-repository';
import { csRunRoutes } from './http/cs-run';
import { DomainError } from './kernel/domain-error';
import { errorMiddleware } from './http/error-middleware';
import { eventOperations, eventRoutes } from './events/routes';
import { favoriteOperations, favoriteRoutes } from './favorites/routes';
import { analyticsRoutes } from './analytics/routes';
import { customerGrowerOperations } from './customer-growers/routes';
import { mailTemplateRoutes } from './mail-templates/routes';
import { statementOperations, statementRoutes } from './statements/routes';
import { statementPdfRoutes } from './statements/statement-pdf-routes';
import { unsubscribeRoutes } from './customers/unsubscribe-routes';
import { createMailScheduler, type ScheduledMailRun } from './reminders/mail-scheduler';
import { orderLifeOperations } from './orders/order-life-operations';
import { orderOperations } from './orders/routes';
import { seedPastOrders } from './orders/seed-past-orders';
import { reorderRoutes } from './reorder/routes';
import { shoppingListRoutes } from './shopping-lists/routes';
import { standingOrderRoutes } from './standing-orders/routes';
import {
  createStandingOrderScheduler,
  startStandingOrderTimer,
  type RunStandingOrders,
} from './standing-orders/standing-order-scheduler';
import { paymentOperations, paymentRoutes } from './payments/routes';
import { MAX_JSON_BODY_BYTES } from './http/json-body';
import { createSecurityHeaders, securityHeadersMiddleware } from './http/security-headers';
import { stampServerTime } from './http/server-time';
import { createFirstScreenPages } from './http/first-screen';
import { serveSpa } from './http/spa';
import { mailboxRoutes } from './mail/mailbox-routes';
import { seedCatalog } from './seed/seed-catalog';
import { seedDemoAccounts } from './seed/demo-accounts';
import { isSyncPushPath, syncPushRoute, syncRoutes } from './sync/routes';

const SWEEP_INTERVAL_MS = 10_000;
/** How long an idle kept-alive connection stays open: past the ~60 s of common proxies. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface StemlineServer {
  context: AppContext;
  /** The app: every call, the sync push included, goes through it. */
  koa: Koa;
  /** Listens on the configured host and port (0 picks a free port); resolves to the base URL. */
  listen(): Promise<string>;
  /** Releases open-market reservations that have ended; runs on a timer while listening. */
  sweepReservations(): Promise<number>;
  /** Queues the weekly statements and cart reminders due by the server clock; on a timer too. */
  runScheduledMails(): Promise<ScheduledMailRun>;
  /** Makes the orders of standing-order weeks whose cut-off has come; on a timer while listening. */
  runStandingOrders: RunStandingOrders;
  close(): Promise<void>;
}

/**
 * Opens the database (the SQLite file, or PostgreSQL when DATABASE_URL is set), seeds it on
 * first start, and wires every route.
 */
export async function createServer(
  config: ServerConfig,
  options: { now?: () => number } = {},
): Promise<StemlineServer> {
  const testClock = config.testClock ? createTestClock() : undefined;
  const now = options.now ?? testClock?.now ?? Date.now;
  // DATABASE_URL: PostgreSQL, shared by every node; no SQLite file is opened.
  const context = config.databaseUrl
    ? await createPostgresAppContext(config.databaseUrl, config, { now })
    : await createAppContext(openDatabase(config.databaseFile), config, { now });
  const { engine } = context;
  await seedCatalog(engine, { scale: config.catalogScale, nowMs: now() });
  if (config.seedDemo) {
    await seedDemoAccounts(engine, now());
    await seedPastOrders(engine, now());
    await seedDemoManagers(engine);
  }
  await seedConfigRecords(engine, now());
  await seedDeliverySchedules(engine);

  // Forwarded headers are believed only from the proxies the operator says are there.
  const koa = new Koa(
    config.trustedProxyHops > 0
      ? { proxy: true, maxIpsCount: config.trustedProxyHops }
      : { proxy: false },
  );
  koa.on('error', (error: unknown) => {
    // A client closing its event stream or dropping a connection (mid-body too: a phone losing
    // its signal during an upload part) is routine, not a failure.
    const code = (error as { code?: unknown } | null)?.code;
    if (
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      code === 'ECONNRESET' ||
      code === 'EPIPE' ||
      code === 'HPE_INVALID_EOF_STATE'
    )
      return;
    console.error('[stemline] request failed:', error);
  });
  const auth = createAuthenticator(context.jwtSecret, sessionHolds(context));
  const protectedGate = requireAuth(auth);
  // A session made from an email alone reaches only what mailbox-proof.ts lets it.
  const proofGate = mailboxProofGate();
  // One copy of each date's catalogue, for its calls and for the pages' first screens.
  const catalogSnapshots = createCatalogSnapshots(context);
  const routers = {
    public: [
      healthRoutes(context),
      authRoutes(context),
      accountRoutes(context),
      captchaRoutes(context),
      mailboxRoutes(context),
      externalAppPlaceholderRoutes(),
      varietyImageRoutes(context),
      unsubscribeRoutes(context),
      managerPhotoRoutes(),
      ...(testClock
        ? [
            testClockRoutes(
              testClock,
              async () => {
                await sweepReservations();
                await mailScheduler.run();
                standingTimer?.tick();
              },
              config.trustedProxyHops,
            ),
          ]
        : []),
    ],
    protected: [
      catalogRoutes(context, catalogSnapshots),
      catalogReferenceRoutes(context),
      cartRoutes(context),
      customBoxRoutes(context),
      deletedProductsRoutes(context),
      offerPriceRoutes(context),
      checkoutRoutes(context),
      paymentRoutes(context),
      favoriteRoutes(context),
      eventRoutes(context),
      deliveryScheduleRoutes(context),
      accountManagerRoutes(context),
      statementRoutes(context),
      statementPdfRoutes(context),
      analyticsRoutes(context),
      mailTemplateRoutes(context),
      customerRoutes(context),
      modelRoutes(context),
      authSessionRoutes(context),
      referralRoutes(context),
      uploadRoutes(context),
      chunkedUploadRoutes(context),
      shoppingListRoutes(context),
      reorderRoutes(context),
      standingOrderRoutes(context),
      csRunRoutes({
        ...accountOperations(context),
        ...cartOperations(context),
        ...customBoxOperations(context),
        ...customerOperations(context),
        ...checkoutOperations(context),
        ...orderOperations(context),
        ...orderLifeOperations(context),
        ...claimOperations(context),
        ...paymentOperations(context),
        ...favoriteOperations(context),
        ...eventOperations(context),
        ...deliveryScheduleOperations(context),
        ...accountManagerOperations(context),
        ...statementOperations(context),
        ...customerGrowerOperations(context),
      }),
    ],
  };

  const setSecurityHeaders = createSecurityHeaders(config.accounts.publicUrl);
  koa.use(securityHeadersMiddleware(setSecurityHeaders));
  koa.use(errorMiddleware);
  // The pass-through middleware below hands on next()'s promise instead of awaiting it: every
  // call, the sync push above all, goes through them, and each await is one more async frame.
  // (Koa types a middleware's result as `any`; `Step` says it is the promise it is.)
  type Step = (ctx: Koa.Context, next: () => Promise<void>) => Promise<void>;
  koa.use((ctx, next) => {
    stampServerTime(ctx.res, now);
    return next();
  });
  const compression = compress({ threshold: 1024 }) as Step;
  // A push answer is a few hundred bytes per mutation: gzip would cost more than it saves.
  koa.use((ctx, next) => (isSyncPushPath(ctx.path) ? next() : compression(ctx, next)));
  const parseBody = bodyParser({ jsonLimit: `${MAX_JSON_BODY_BYTES}b`, enableTypes: ['json'] });
  // The sync push reads its own body (http/json-body.ts): it is the hot path of bench:sync.
  // A photo upload reads its own too, with its own cap (claims/upload-routes.ts), and so does a
  // part of a chunked upload, as raw bytes (claims/chunked-upload-routes.ts).
  koa.use((ctx, next) =>
    isSyncPushPath(ctx.path) ||
    ctx.path === IMAGE_UPLOAD_PATH ||
    isUploadPartRequest(ctx.method, ctx.path)
      ? next()
      : parseBody(ctx, next),
  );
  // The sync endpoints carry every queued action: matched first, not after ~25 routers (bench:sync).
  // The push, one method on one path, is matched here rather than by @koa/router, whose matching
  // and per-request middleware chain cost about 5 us of server CPU per pushed mutation
  // (docs/performance.md); any other method on its path goes on and finds no call (404).
  const syncPush = syncPushRoute(context);
  const syncRouter = syncRoutes(context);
  const syncEndpoints = syncRouter.routes() as Step;
  const syncMethods = syncRouter.allowedMethods() as Step;
  const syncGate = protectedGate as Step;
  koa.use((ctx, next) => {
    if (!ctx.path.startsWith('/api/sync/')) return next();
    if (ctx.method === 'POST' && isSyncPushPath(ctx.path))
      return syncGate(ctx, () => syncPush(ctx));
    return syncGate(ctx, () => syncEndpoints(ctx, () => syncMethods(ctx, next)));
  });
  for (const router of routers.public) koa.use(router.routes()).use(router.allowedMethods());
  koa.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) {
      await protectedGate(ctx, async () => {
        await proofGate(ctx, next);
      });
    } else await next();
  });
  for (const router of routers.protected) koa.use(router.routes()).use(router.allowedMethods());
  koa.use((ctx, next) => {
    if (ctx.path.startsWith('/api/')) throw new DomainError('not_found', 'No such API call.');
    return next();
  });
  koa.use(
    serveSpa(
      config.pwaDist,
      createFirstScreenPages(
        config.pwaDist,
        (date) => catalogSnapshots.head(date, 'identity'),
        () => context.now(),
      ),
    ),
  );

  const sweepReservations = createReservationSweeper(context);
  const runStandingOrders = createStandingOrderScheduler(context);
  let server: Server | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let stopBackups: (() => void) | undefined;
  let listeningPort = config.port;
  const mailScheduler = createMailScheduler(context, () => originOnPort(context, listeningPort));
  let standingTimer: ReturnType<typeof startStandingOrderTimer> | undefined;

  return {
    context,
    koa,
    sweepReservations,
    runScheduledMails: () => mailScheduler.run(),
    runStandingOrders,
    listen() {
      return new Promise((resolve) => {
        const handle = koa.callback();
        server = createHttpServer((req, res) => void handle(req, res));
        // Node closes an idle kept-alive connection after 5 s; a client or proxy that sends on it
        // as the close is in flight gets ECONNRESET (a 502 from a load balancer). Idle timeouts of
        // proxies are about 60 s (nginx, AWS ALB), so the server waits longer than they do.
        server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
        server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
        server.listen(config.port, config.host, () => {
          const address = server?.address();
          const port = typeof address === 'object' && address ? address.port : config.port;
          listeningPort = port;
          sweepTimer = setInterval(() => {
            sweepReservations().catch((error: unknown) =>
              console.error('[stemline] reservation sweep failed:', error),
            );
          }, SWEEP_INTERVAL_MS);
          sweepTimer.unref();
          // Snapshots of the SQLite file; PostgreSQL is backed up with its own tools.
          if (config.backups && context.db) stopBackups = startBackups(context.db, config.backups);
          mailScheduler.start();
          standingTimer = startStandingOrderTimer(runStandingOrders);
          resolve(`http://${config.host}:${port}`);
        });
      });
    },
    async close() {
      clearInterval(sweepTimer);
      stopBackups?.();
      mailScheduler.stop();
      await standingTimer?.stop();
      if (server) {
        const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
        // Chromium keeps sockets alive; without this the close waits on them forever.
        server.closeAllConnections();
        await closing;
      }
      await context.changes.close();
      // After the last request and run: the engine closes the handle once its queue is empty.
      await context.engine.close();
    },
  };
}
