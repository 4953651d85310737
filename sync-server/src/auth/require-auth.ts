import type { Context, Middleware } from 'koa';
import koaJwt from 'koa-jwt';
import { stemlineMessages } from '@stemline/shared';
import { DomainError } from '../http/domain-error';
import { JWT_ALGORITHM, tokenClaimsSchema, type TokenClaims } from './tokens';

/**
 * Checks the bearer token (signature, algorithm, expiry) with koa-jwt, then that its user still
 * exists and is active: a token outlives its login by days, so deactivating an account must end
 * its sessions at once. EventSource cannot set headers, so the sync stream alone may pass the
 * token as `?access_token=`.
 */
export function requireAuth(
  secret: string,
  isActiveUser: (userKey: string) => boolean,
): Middleware {
  const verifyToken = koaJwt({
    secret,
    algorithms: [JWT_ALGORITHM],
    key: 'auth',
    getToken: (ctx) =>
      ctx.path === '/api/sync/stream' ? (queryString(ctx, 'access_token') ?? null) : null,
  }) as Middleware;
  return async (ctx, next) => {
    await verifyToken(ctx, async () => {
      if (!isActiveUser(authClaims(ctx).sub)) {
        throw new DomainError('unauthorized', stemlineMessages.unauthorized);
      }
      await next();
    });
  };
}

/** The verified claims of the request; throws when the token is missing or malformed. */
export function authClaims(ctx: Context): TokenClaims {
  const parsed = tokenClaimsSchema.safeParse((ctx.state as { auth?: unknown }).auth);
  if (!parsed.success) throw new DomainError('unauthorized', stemlineMessages.unauthorized);
  return parsed.data;
}

/** The customer the token acts for; staff tokens without a customer are refused. */
export function customerKeyOf(ctx: Context): string {
  const claims = authClaims(ctx);
  if (!claims.customer) throw new DomainError('forbidden', stemlineMessages.forbidden);
  return claims.customer;
}

function queryString(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' ? value : undefined;
}
