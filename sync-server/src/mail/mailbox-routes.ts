import Router from '@koa/router';
import { z } from 'zod';
import type { MailboxAnswer } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../http/domain-error';
import { createOutboxReader } from './outbox-repository';

const querySchema = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * GET /api/dev/mailbox: the mail outbox, so a person running Stemline locally can follow a reset
 * or verification link. On by default for development; DEV_MAILBOX=0 turns it off (it must be
 * off on any server real people use, as it shows every reset link).
 */
export function mailboxRoutes(app: AppContext): Router {
  const router = new Router();
  const read = createOutboxReader(app.db);
  router.get('/api/dev/mailbox', (ctx) => {
    if (!app.config.accounts.devMailbox) throw new DomainError('not_found', 'No such API call.');
    const query = querySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      success: true,
      results: read({ to: query.to, limit: query.limit }),
    } satisfies MailboxAnswer;
  });
  return router;
}
