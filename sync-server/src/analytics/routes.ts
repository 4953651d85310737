import Router from '@koa/router';
import {
  analyticsEventsBodySchema,
  analyticsSummaryQuerySchema,
  marketToday,
  toEtaDate,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { authClaims } from '../auth/require-auth';
import { requireStaff } from '../auth/staff-access';
import {
  ANALYTICS_BATCHES_PER_USER,
  ANALYTICS_BATCHES_PER_VISITOR_ADDRESS,
} from '../rate-limit/rate-limit-rules';
import { admit } from '../rate-limit/throttle';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /api/event/ {props, extra, meta}` (or a batch of up to 50): stores the app's analytics
 * events with the caller's customer and user and the connecting address, as the socket reports
 * it (no third-party look-up). A login-as session's events are answered and not stored (spec §6).
 * Any visitor may send them, so each sender (a visitor's client address, or a user) sends so many
 * batches in a window (rate-limit-rules.ts); past that, a batch is answered and not stored.
 * `GET /api/event/summary?days=` (staff): events per day and name, to see that they arrive.
 */
export function analyticsRoutes(app: AppContext): Router {
  const router = new Router();
  const { analytics } = app.repos;

  router.post('/api/event', async (ctx) => {
    const body = analyticsEventsBodySchema.parse(ctx.request.body);
    const events = Array.isArray(body) ? body : [body];
    const claims = authClaims(ctx);
    if (claims.from_manager) {
      ctx.body = { success: true, stored: 0 };
      return;
    }
    const customer = claims.scope === 'public' ? null : (claims.customer ?? null);
    const user = claims.scope === 'public' ? null : claims.sub;
    // Any visitor may send events: so many batches per sender, or the database fills. One over
    // is answered as a login-as session's: taken and not stored (no error, no resend).
    const admitted = await (user === null
      ? admit(app, ANALYTICS_BATCHES_PER_VISITOR_ADDRESS, ctx.ip || 'unknown')
      : admit(app, ANALYTICS_BATCHES_PER_USER, user));
    if (!admitted) {
      ctx.body = { success: true, stored: 0 };
      return;
    }
    const ip = ctx.req.socket.remoteAddress ?? '';
    const at = app.now();
    await analytics.addAll(
      events.map((event) => ({
        name: event.props.name,
        customerKey: customer,
        userKey: user,
        ip,
        props: event.props,
        extra: event.extra,
        meta: event.meta,
        at,
      })),
    );
    ctx.body = { success: true, stored: events.length };
  });

  router.get('/api/event/summary', async (ctx) => {
    await requireStaff(ctx, app);
    const { days } = analyticsSummaryQuerySchema.parse(ctx.query);
    const counts = new Map<string, { day: number; name: string; count: number }>();
    for (const row of await analytics.since(app.now() - days * DAY_MS)) {
      const day = toEtaDate(marketToday(row.at));
      const id = `${day}|${row.name}`;
      const entry = counts.get(id) ?? { day, name: row.name, count: 0 };
      entry.count += 1;
      counts.set(id, entry);
    }
    ctx.body = {
      success: true,
      results: [...counts.values()].sort((a, b) => b.day - a.day || a.name.localeCompare(b.name)),
    };
  });
  return router;
}
