import type { Context } from 'koa';
import { accountMessages } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { EMAIL_LOOKUPS_PER_ADDRESS } from './rate-limit-rules';
import { throttle } from './throttle';

/**
 * Counts one email look-up of the request's client address (the socket's; a forwarded header
 * only from the operator's own proxies, TRUSTED_PROXY_HOPS); a client over its limit (EMAIL_LOOKUPS_PER_CLIENT, default 50 in 10 minutes) gets a
 * 429 with a message saying to wait.
 * Refused look-ups are not counted, so the window drains while a client waits.
 */
export async function throttleEmailLookup(app: AppContext, ctx: Context): Promise<void> {
  const rule = { ...EMAIL_LOOKUPS_PER_ADDRESS, limit: app.config.accounts.emailLookupsPerClient };
  await throttle(app, rule, ctx.ip || 'unknown', accountMessages.tooManyRequests);
}
