import type { Context, Middleware } from 'koa';
import { stemlineMessages } from '@stemline/shared';
import koaJwt from 'koa-jwt';
import { DomainError } from '../kernel/domain-error';
import { bearerToken, customerOfClaims, type Authenticator } from './bearer-auth';
import { JWT_ALGORITHM, tokenClaimsSchema, type TokenClaims } from './tokens';

/**
 * The gate of every protected call: the bearer token must hold (signature, algorithm and expiry
 * checked by koa-jwt, or remembered from an earlier request) and its session too (see
 * `createAuthenticator`); its claims are then `authClaims(ctx)`. EventSource cannot set headers,
 * so the sync stream alone may pass the token as `?access_token=` (or still the header).
 */
export function requireAuth(auth: Authenticator): Middleware {
  const verifyToken = koaJwt({
    secret: auth.key as unknown as Buffer,
    algorithms: [JWT_ALGORITHM],
    key: 'auth',
    tokenKey: 'authToken',
    getToken: (ctx) =>
      ctx.path === '/api/sync/stream' ? (queryString(ctx, 'access_token') ?? null) : null,
  }) as Middleware;
  return async (ctx, next) => {
    const state = ctx.state as { auth?: unknown; authToken?: unknown };
    const token = presentedToken(ctx);
    const known = token ? auth.known(token) : undefined;
    if (known) {
      state.auth = await auth.checkSession(known);
      await next();
      return;
    }
    await verifyToken(ctx, async () => {
      const verified = typeof state.authToken === 'string' ? state.authToken : undefined;
      state.auth = await auth.checkSession(auth.accept(verified, state.auth));
      await next();
    });
  };
}

/** The token as koa-jwt finds it, for the cache lookup; anything unusual is left to koa-jwt. */
function presentedToken(ctx: Context): string | undefined {
  const fromQuery = ctx.path === '/api/sync/stream' ? queryString(ctx, 'access_token') : undefined;
  return fromQuery || bearerToken(ctx.get('Authorization'));
}

/**
 * The verified claims of the request; throws when the token is missing or malformed. A
 * visitor's public token has `scope: 'public'`, `sub: 'public'` and no customer: check
 * `isPublicToken` before treating `sub` as a user key.
 */
export function authClaims(ctx: Context): TokenClaims {
  const payload = (ctx.state as { auth?: unknown }).auth;
  // A cached payload is the same object on every request of its token: parse it once.
  const known =
    typeof payload === 'object' && payload !== null ? parsedClaims.get(payload) : undefined;
  if (known) return known;
  const parsed = tokenClaimsSchema.safeParse(payload);
  if (!parsed.success) throw new DomainError('unauthorized', stemlineMessages.unauthorized);
  if (typeof payload === 'object' && payload !== null) parsedClaims.set(payload, parsed.data);
  return parsed.data;
}

const parsedClaims = new WeakMap<object, TokenClaims>();

/** True when the request carries a visitor's public token (no user, public data only). */
export function isPublicToken(ctx: Context): boolean {
  return authClaims(ctx).scope === 'public';
}

/** The customer the token acts for; staff tokens and visitors' public tokens are refused. */
export function customerKeyOf(ctx: Context): string {
  return customerOfClaims(authClaims(ctx));
}

/** The signed-in user's key; visitors' public tokens are refused. */
export function userKeyOf(ctx: Context): string {
  const claims = authClaims(ctx);
  if (claims.scope === 'public') throw new DomainError('forbidden', stemlineMessages.forbidden);
  return claims.sub;
}

function queryString(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' ? value : undefined;
}
