import Router from '@koa/router';
import { z } from 'zod';
import type { MailboxAnswer } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import { isOperatorRequest } from './loopback';

const querySchema = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * GET /api/dev/mailbox: the mail outbox, so a developer can follow a reset or verification link
 * without a mail server. It shows every reset link, so it exists only with DEV_MAILBOX=1 and
 * only for requests from this machine's loopback interface that no reverse proxy passed on
 * (`isOperatorRequest`); anyone else gets the 404 of an unknown call, also with HOST=0.0.0.0.
 */
export function mailboxRoutes(app: AppContext): Router {
  const router = new Router();
  const read = app.repos.outbox.recent;
  router.get('/api/dev/mailbox', async (ctx) => {
    if (!isDevMailboxOpen(app, ctx)) throw new DomainError('not_found', 'No such API call.');
    const query = querySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      results: await read({ to: query.to, limit: query.limit }),
    } satisfies MailboxAnswer;
  });
  return router;
}

/** Whether this request may read the dev mailbox (DEV_MAILBOX=1 and the operator's own). */
export function isDevMailboxOpen(app: AppContext, ctx: Parameters<typeof isOperatorRequest>[0]) {
  return app.config.accounts.devMailbox && isOperatorRequest(ctx, app.config.trustedProxyHops);
}
