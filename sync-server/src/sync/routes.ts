import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  pullQuerySchema,
  syncedCollectionSchema,
  SYNCED_COLLECTIONS,
  type PullAnswer,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { readJsonBody } from '../http/json-body';
import { emailOnlyPullFilter } from '../auth/mailbox-proof';
import { authClaims, customerKeyOf } from '../auth/require-auth';
import { createPushRequestHandler } from './push-request';
import { sessionHolds } from '../auth/session-holds';

const HEARTBEAT_MS = 20_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The push endpoint. */
export const SYNC_PUSH_PATH = '/api/sync/push';

/**
 * True for every path the push answers (with or without a trailing slash, as the router would
 * take it): Koa's general body parser and compression leave these alone, since the push reads
 * its own body.
 */
export function isSyncPushPath(path: string): boolean {
  return path === SYNC_PUSH_PATH || path === `${SYNC_PUSH_PATH}/`;
}

/**
 * The push of queued mutations, `POST` to an `isSyncPushPath` path, behind the token gate: the
 * caller from the token the gate checked (a staff or visitor token is refused before the body is
 * read), then its body, read by the push's own reader (http/json-body.ts), validated and applied
 * (push-request.ts). app.ts matches it by method and path, ahead of `syncRoutes`' router.
 */
export function syncPushRoute(app: AppContext): (ctx: Context) => Promise<void> {
  const handlePush = createPushRequestHandler(app);
  return async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    ctx.body = await handlePush(authClaims(ctx), customerKey, await readJsonBody(ctx.req));
  };
}

/** The rest of the sync protocol: pull by checkpoint per collection, and the poke stream. */
export function syncRoutes(app: AppContext): Router {
  const router = new Router();
  const { pull } = app.repos;
  const holds = sessionHolds(app);
  // The watermark and the page from one transaction: a page never misses a write below it.
  const readPage = app.transactional(
    async (
      customerKey: string,
      collection: SyncedCollection,
      checkpoint: number,
      limit: number,
    ) => {
      const watermark = await app.changes.current();
      const documents = await pull.changesSince(
        collection,
        customerKey,
        checkpoint,
        watermark,
        limit,
      );
      return { watermark, documents };
    },
  );

  router.get('/api/sync/pull/:collection', async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const collection = syncedCollectionSchema.parse(ctx.params.collection);
    const { checkpoint, limit } = pullQuerySchema.parse(ctx.query);
    const visible = emailOnlyPullFilter(authClaims(ctx), collection);
    const { watermark, documents } = await readPage(customerKey, collection, checkpoint, limit);
    const hasMore = documents.length === limit;
    ctx.body = {
      documents: visible ? documents.filter(visible) : documents,
      hasMore,
      checkpoint: hasMore ? (documents.at(-1)?.seq ?? checkpoint) : watermark,
    } satisfies PullAnswer;
  });

  /**
   * The poke stream of one session. It ends (after a `session_ended` event) as soon as its session
   * does: logout, a password change, a deactivation or (for a login-as session) the end of its
   * staff user's staff status tell it through the change feed (`endSessions`), and its token's
   * expiry by the server clock is checked on a timer and before every poke and heartbeat, so a
   * stream never outlives the token that opened it.
   */
  router.get('/api/sync/stream', (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const claims = authClaims(ctx);
    const expiresAt = claims.exp === undefined ? Number.POSITIVE_INFINITY : claims.exp * 1000;
    const expired = (): boolean => app.now() >= expiresAt;
    const stream = new PassThrough();
    const send = (event: string, data: unknown): void => {
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setKeepAlive(true);
    ctx.set({
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
    });
    (ctx as { compress?: boolean }).compress = false;
    ctx.status = 200;
    ctx.body = stream;

    let expiryTimer: NodeJS.Timeout | undefined;
    // The listeners below are set before anything can call `close`.
    const close = (): void => {
      clearTimeout(expiryTimer);
      clearInterval(heartbeat);
      stopPokes();
      stopSessionWatch();
      stream.end();
    };
    const end = (): void => {
      send('session_ended', {});
      close();
    };
    const watchExpiry = (): void => {
      if (expired()) end();
      // setTimeout holds at most ~24.8 days; a longer wait is taken in steps.
      else expiryTimer = setTimeout(watchExpiry, Math.min(expiresAt - app.now(), MAX_TIMER_MS));
    };

    send('hello', { serverNow: app.now(), collections: SYNCED_COLLECTIONS });
    const stopPokes = app.changes.subscribe(customerKey, (poke) => {
      if (expired()) end();
      else send('poke', poke);
    });
    const recheck = (keep: string | undefined): void => {
      if (claims.jti !== undefined && claims.jti === keep) return;
      void holds(claims).then((active) => {
        if (!active && !stream.writableEnded) end();
      }, close);
    };
    // A login-as session also ends with its staff user's staff status (auth/session-holds.ts):
    // it hears what ends that user's sessions as well as its own.
    const sessionWatches = [claims.sub, claims.from_manager].flatMap((userKey) =>
      userKey === undefined ? [] : [app.changes.onSessionsEnded(userKey, recheck)],
    );
    const stopSessionWatch = (): void => {
      for (const stop of sessionWatches) stop();
    };
    const heartbeat = setInterval(() => {
      if (expired()) end();
      else stream.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    watchExpiry();
    ctx.req.on('close', close);
    stream.on('error', close);
  });

  return router;
}
