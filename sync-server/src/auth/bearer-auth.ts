import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { stemlineMessages } from '@stemline/shared';
import { DomainError } from '../kernel/domain-error';
import { isPublicClaims, JWT_ALGORITHM, tokenClaimsSchema, type TokenClaims } from './tokens';
import { createVerifiedClaimsCache } from './verified-claims-cache';

/** Tokens whose signature check is remembered; a client sends the same token on every call. */
const VERIFIED_TOKENS_CACHED = 10_000;

/**
 * The check every protected call makes, the sync push included: the Koa gate (require-auth.ts)
 * verifies signatures with koa-jwt and keeps them here, one cache of verified tokens for the
 * whole app. Only the signature check is cached (by exact token string, until the
 * token's own expiry): the session check runs on every request, so logout, deactivation and a
 * password change end a session at once. A visitor's public token passes with no user: it
 * carries no customer, so every call that needs one refuses it (`customerOfClaims`), and staff
 * calls refuse it (`requireStaff`). Every failure is `DomainError('unauthorized')`.
 */
export interface Authenticator {
  /** The signing key, built once (see `createAuthenticator`). */
  key: KeyObject;
  /**
   * The claims of a request's bearer token: its signature, algorithm and expiry verified (or
   * remembered), its claims well formed and its session still good.
   */
  authenticate(token: string | undefined): Promise<TokenClaims>;
  /** The claims of a token verified before and not yet expired, unchecked session; or undefined. */
  known(token: string): TokenClaims | undefined;
  /** Parses and remembers a payload whose signature was verified elsewhere (koa-jwt). */
  accept(token: string | undefined, payload: unknown): TokenClaims;
  /** The claims again when their session holds. */
  checkSession(claims: TokenClaims): Promise<TokenClaims>;
}

export function createAuthenticator(
  secret: string,
  isSessionActive: (claims: TokenClaims) => Promise<boolean>,
): Authenticator {
  // A KeyObject built once: given a string, jsonwebtoken first tries (and fails) to parse it as
  // a PEM public key on every verification.
  const key = createSecretKey(Buffer.from(secret));
  const verified = createVerifiedClaimsCache(VERIFIED_TOKENS_CACHED);
  const known = (token: string) =>
    verified.get(token, Date.now() / 1000) as TokenClaims | undefined;
  const accept = (token: string | undefined, payload: unknown): TokenClaims => {
    const parsed = tokenClaimsSchema.safeParse(payload);
    if (!parsed.success) throw unauthorized();
    if (token) verified.set(token, parsed.data);
    return parsed.data;
  };
  const checkSession = async (claims: TokenClaims): Promise<TokenClaims> => {
    if (claims.scope === 'public' ? !isPublicClaims(claims) : !(await isSessionActive(claims))) {
      throw unauthorized();
    }
    return claims;
  };
  const verify = (token: string): TokenClaims => {
    const remembered = known(token);
    if (remembered) return remembered;
    let payload: unknown;
    try {
      payload = jwt.verify(token, key, { algorithms: [JWT_ALGORITHM] });
    } catch {
      throw unauthorized();
    }
    return accept(token, payload);
  };
  return {
    key,
    async authenticate(token) {
      if (!token) throw unauthorized();
      return checkSession(verify(token));
    },
    known,
    accept,
    checkSession,
  };
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, exactly one
 * space-separated credential after trimming); undefined for a missing or malformed header.
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const parts = authorization.trim().split(' ');
  return parts.length === 2 && /^Bearer$/i.test(parts[0] ?? '') ? parts[1] : undefined;
}

/** The customer the claims act for; staff tokens and visitors' public tokens are refused. */
export function customerOfClaims(claims: TokenClaims): string {
  if (!claims.customer) throw new DomainError('forbidden', stemlineMessages.forbidden);
  return claims.customer;
}

function unauthorized(): DomainError {
  return new DomainError('unauthorized', stemlineMessages.unauthorized);
}
