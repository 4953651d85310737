import Router from '@koa/router';
import {
  mailMessages,
  NOTIFICATION_OPTIONS,
  unsubscribeArgsSchema,
  type UnsubscribeAnswer,
} from '@stemline/shared';
import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { createPreferencesUpdate } from './preferences';
import { DomainError } from '../kernel/domain-error';
import { readUnsubscribeToken } from '../mail/unsubscribe-link';

/** The token from a JSON body (the app's page) or from the query (a mail client's one click). */
function presentedToken(ctx: Context): unknown {
  const body: unknown = ctx.request.body;
  if (body && typeof body === 'object' && 'token' in body) return body;
  return { token: ctx.query.token };
}

/**
 * `POST /api/mail/unsubscribe {token}`, no session needed: turns off the one notification option
 * the signed token names, for the one customer it names, and says which. A token that is not
 * this server's, altered in any part, or names a customer that no longer exists changes nothing
 * and answers a clear 4xx. Turning off an option already off is answered the same (a second
 * click is harmless).
 */
export function unsubscribeRoutes(app: AppContext): Router {
  const router = new Router();
  // Read then write: one transaction, so a concurrent change is not lost between them.
  const updatePreferences = app.transactional(createPreferencesUpdate(app));
  router.post('/api/mail/unsubscribe', async (ctx) => {
    const args = unsubscribeArgsSchema.safeParse(presentedToken(ctx));
    const target = args.success ? readUnsubscribeToken(app.jwtSecret, args.data.token) : undefined;
    if (!target) throw new DomainError('invalid_request', mailMessages.unsubscribeInvalid);
    const change = await updatePreferences(target.customerKey, {
      preferences: { [target.option]: false },
    });
    if (change.status === 'rejected') {
      throw new DomainError('not_found', mailMessages.unsubscribeInvalid);
    }
    const label = NOTIFICATION_OPTIONS.find((option) => option.key === target.option)?.label ?? '';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, option: target.option, label } satisfies UnsubscribeAnswer;
  });
  return router;
}
