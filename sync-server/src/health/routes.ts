import Router from '@koa/router';
import type { AppContext } from '../app-context';

/** GET /api/health: the process is up and the database answers. */
export function healthRoutes(app: AppContext): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    ctx.body = {
      success: true,
      status: 'ok',
      seq: await app.changes.current(),
      serverNow: app.now(),
    };
  });
  return router;
}
