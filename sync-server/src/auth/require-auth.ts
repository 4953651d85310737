import { createSecretKey } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import koaJwt from 'koa-jwt';
import { stemlineMessages } from '@stemline/shared';
import { DomainError } from '../http/domain-error';
import { isPublicClaims, JWT_ALGORITHM, tokenClaimsSchema, type TokenClaims } from './tokens';
import { createVerifiedClaimsCache } from './verified-claims-cache';

/** Tokens whose signature check is remembered; a client sends the same token on every call. */
const VERIFIED_TOKENS_CACHED = 10_000;

/**
 * Checks the bearer token (signature, algorithm, expiry) with koa-jwt, then that the session is
 * still good: its user exists and is active and the token was not revoked by logout. A token
 * outlives its login by days, so deactivating an account must end its sessions at once.
 * A visitor's public token passes with no user: it carries no customer, so every call that
 * needs one refuses it (`customerKeyOf`), and staff calls refuse it (`requireStaff`).
 * EventSource cannot set headers, so the sync stream alone may pass the token as `?access_token=`.
 */
export function requireAuth(
  secret: string,
  isSessionActive: (claims: TokenClaims) => boolean,
): Middleware {
  const verifyToken = koaJwt({
    // A KeyObject built once: given a string, jsonwebtoken first tries (and fails) to parse it as
    // a PEM public key on every request, which cost more than the rest of a sync push.
    secret: createSecretKey(Buffer.from(secret)) as unknown as Buffer,
    algorithms: [JWT_ALGORITHM],
    key: 'auth',
    tokenKey: 'authToken',
    getToken: (ctx) =>
      ctx.path === '/api/sync/stream' ? (queryString(ctx, 'access_token') ?? null) : null,
  }) as Middleware;
  // Only the signature check is cached: the session check below still runs on every request,
  // so logout, deactivation and a password change end a session at once.
  const verified = createVerifiedClaimsCache(VERIFIED_TOKENS_CACHED);
  const checkSession = async (ctx: Context, next: () => Promise<unknown>): Promise<void> => {
    const claims = authClaims(ctx);
    if (claims.scope === 'public' ? !isPublicClaims(claims) : !isSessionActive(claims)) {
      throw new DomainError('unauthorized', stemlineMessages.unauthorized);
    }
    await next();
  };
  return async (ctx, next) => {
    const token = presentedToken(ctx);
    const payload = token ? verified.get(token, Date.now() / 1000) : undefined;
    if (payload) {
      (ctx.state as { auth?: unknown }).auth = payload;
      return checkSession(ctx, next);
    }
    await verifyToken(ctx, async () => {
      const state = ctx.state as { auth?: unknown; authToken?: unknown };
      if (typeof state.authToken === 'string') verified.set(state.authToken, state.auth);
      await checkSession(ctx, next);
    });
  };
}

/**
 * The token as koa-jwt would find it, for the cache lookup only: anything unusual (no token, a
 * malformed header) is left to koa-jwt, which answers it as before.
 */
function presentedToken(ctx: Context): string | undefined {
  if (ctx.path === '/api/sync/stream') return queryString(ctx, 'access_token');
  const parts = ctx.get('Authorization').trim().split(' ');
  return parts.length === 2 && /^Bearer$/i.test(parts[0] ?? '') ? parts[1] : undefined;
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
  const claims = authClaims(ctx);
  if (!claims.customer) throw new DomainError('forbidden', stemlineMessages.forbidden);
  return claims.customer;
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
