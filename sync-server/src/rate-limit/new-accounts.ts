import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { NEW_ACCOUNTS_PER_ADDRESS } from './rate-limit-rules';
import { admit } from './throttle';

/**
 * Counts one account about to be created for the request's client address (derived as for email
 * look-ups: the socket's; a forwarded header only from the operator's own proxies,
 * TRUSTED_PROXY_HOPS) and answers true, or false when the address has created its limit
 * (NEW_ACCOUNTS_PER_CLIENT, default 20 in an hour): the caller then creates nothing and sends no
 * mail. Refusals are not counted, so the window drains while the client waits.
 */
export function admitNewAccount(app: AppContext, ctx: Context): Promise<boolean> {
  const rule = { ...NEW_ACCOUNTS_PER_ADDRESS, limit: app.config.accounts.newAccountsPerClient };
  return admit(app, rule, ctx.ip || 'unknown');
}
