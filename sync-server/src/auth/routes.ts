import Router from '@koa/router';
import {
  accountMessages,
  changePasswordBodySchema,
  checkEmailAvailableBodySchema,
  loginAsMessages,
  loginQuerySchema,
  messages,
  validateQuerySchema,
  type ChangePasswordAnswer,
  type CheckEmailAvailableAnswer,
  type ClientConfigAnswer,
  type LoginAnswer,
  type PublicTokenAnswer,
  type SuccessAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { throttleEmailLookup } from '../rate-limit/email-lookups';
import { issueSession } from './session-answer';
import { DomainError } from '../kernel/domain-error';
import { isDevMailboxOpen } from '../mail/mailbox-routes';
import { logIn } from './login';
import { checkCurrentPassword } from './current-password';
import { hashPassword } from './passwords';
import { authClaims, userKeyOf } from './require-auth';
import { mayHoldSession } from './staff-access';
import { signPublicToken, verifyToken } from './tokens';
import { validateSession } from './validate-session';

/**
 * Public authentication calls of spec §7: login, token validation, logout, email availability,
 * and the visitor's default public token and client settings.
 */
export function authRoutes(app: AppContext): Router {
  const router = new Router();
  const { users } = app.repos;
  const revokeToken = app.repos.sessions.revoke;

  router.get('/api/security/login', async (ctx) => {
    const parsed = loginQuerySchema.safeParse(ctx.query);
    if (!parsed.success) {
      const badClient = parsed.error.issues.some((issue) => issue.path[0] === 'client');
      ctx.status = 400;
      ctx.body = {
        success: false,
        token: null,
        user: null,
        error: badClient ? accountMessages.unknownLoginClient : messages.invalidEmail,
      } satisfies LoginAnswer;
      return;
    }
    const outcome = await logIn(app, ctx, parsed.data);
    if (outcome.retryAfterSeconds) ctx.set('Retry-After', String(outcome.retryAfterSeconds));
    ctx.status = outcome.status;
    ctx.body = outcome.answer;
  });

  router.get('/api/security/validate', async (ctx) => {
    const parsed = validateQuerySchema.safeParse(ctx.query);
    const outcome = parsed.success
      ? await validateSession(app, parsed.data.token, parsed.data.user_key)
      : await validateSession(app, '');
    ctx.status = outcome.status;
    ctx.body = outcome.answer;
  });

  /**
   * Revokes the bearer token, if it is a good one, and ends its open event streams; answers
   * success either way.
   */
  router.post('/api/security/logout', async (ctx) => {
    const bearer = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    const claims = bearer ? verifyToken(app.jwtSecret, bearer) : null;
    if (claims?.jti && claims.exp && claims.scope === undefined) {
      await revokeToken(claims.jti, claims.exp);
      // Its open event streams end now, not at their next request.
      app.changes.endSessions(claims.sub);
    }
    ctx.body = { success: true } satisfies SuccessAnswer;
  });

  router.get('/api/security/public_token', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, token: signPublicToken(app.jwtSecret) } satisfies PublicTokenAnswer;
  });

  router.get('/api/security/client_config', (ctx) => {
    ctx.body = {
      success: true,
      admin_app_url: app.config.accounts.adminAppUrl,
      grower_price_comparison_url: app.config.accounts.growerPriceComparisonUrl,
      dev_mailbox: isDevMailboxOpen(app, ctx),
    } satisfies ClientConfigAnswer;
  });

  /** Taken or not, and whether by a guest; never the user's key (it names the account). */
  router.post('/api/customer/check_email_available', async (ctx) => {
    const { email } = checkEmailAvailableBodySchema.parse(ctx.request.body);
    await throttleEmailLookup(app, ctx);
    const stored = await users.findByEmail(email);
    ctx.body = {
      success: true,
      results: stored ? [{ guest: stored.user.metadata.guest }] : [],
    } satisfies CheckEmailAvailableAnswer;
  });

  return router;
}

/** Authentication calls that need a signed-in user: changing one's own password. */
export function authSessionRoutes(app: AppContext): Router {
  const router = new Router();
  const { users, companyUsers } = app.repos;
  router.post('/api/security/change_password', async (ctx) => {
    const body = changePasswordBodySchema.parse(ctx.request.body);
    const stored = await users.findByKey(userKeyOf(ctx));
    if (!stored) throw new DomainError('unauthorized', accountMessages.sessionExpired);
    // A password of staff's choosing would outlast the login-as session (spec §6).
    if (authClaims(ctx).from_manager) {
      throw new DomainError('forbidden', loginAsMessages.passwordRefusal);
    }
    // Refused before anything changes: the fresh session below would be refused anyway.
    if (!(await mayHoldSession(app, stored))) {
      throw new DomainError('forbidden', accountMessages.useLoginAs);
    }
    await checkCurrentPassword(app, ctx, stored, body.current_password);
    if (body.password.length < 8) {
      throw new DomainError('invalid_request', accountMessages.passwordMinimum);
    }
    await companyUsers.setPassword(stored.user.key, await hashPassword(body.password));
    // Other devices' open streams end now (their next call is refused anyway); this device's
    // lasts until the fresh token below replaces it.
    app.changes.endSessions(stored.user.key, authClaims(ctx).jti);
    // Every token signed before the change now fails the session check; this one included, so
    // the caller gets a fresh one (same login-as origin) and stays signed in.
    const updated = await users.findByKey(stored.user.key);
    if (!updated) throw new DomainError('unauthorized', accountMessages.sessionExpired);
    const session = await issueSession(app, updated, authClaims(ctx).from_manager);
    ctx.body = {
      success: true,
      message: accountMessages.passwordChanged,
      token: session.token,
      user: session.user,
    } satisfies ChangePasswordAnswer;
  });
  return router;
}
