import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { roleSchema } from '@stemline/shared';
import type { ServerSecretRepository } from './server-secret-repository';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
/** Visitors' public tokens live longer: they open no account and the PWA renews them on 401. */
export const PUBLIC_TOKEN_LIFETIME_SECONDS = 30 * 24 * 3600;
export const JWT_ALGORITHM = 'HS256';
/** The subject of every public token; no user has this key. */
export const PUBLIC_SUBJECT = 'public';

/**
 * What a session token carries; the server re-reads the user on every sensitive call.
 * `scope: 'public'` marks a visitor's default token: no user, no customer, public data only.
 * `from_manager` names the staff user of a login-as session. `jti` lets logout revoke it. `tv` is
 * the user's token version when signed (absent means 0): a password change bumps the version, so
 * every token signed before it stops holding (`SessionRepository.isActive`). `mailbox_verified: false` marks
 * a session made from an email alone (guest sign-in), which reaches only what mailbox-proof.ts
 * lets it; absent, the session was proven otherwise (password, verification link, staff).
 * `since` (server clock, ms) is when such a session began: what was added before it is not its.
 */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  customer: z.string().nullable(),
  role: roleSchema,
  scope: z.literal('public').optional(),
  from_manager: z.string().optional(),
  jti: z.string().optional(),
  exp: z.number().optional(),
  tv: z.number().int().nonnegative().optional(),
  mailbox_verified: z.literal(false).optional(),
  since: z.number().int().nonnegative().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
/** What a caller gives `signToken`; the id and expiry are added there. */
export type TokenClaimsInput = Omit<TokenClaims, 'jti' | 'exp'>;

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated once and kept in the database,
 * so sessions survive restarts without any setup and a token one node signed is good on every
 * node sharing the database.
 */
export function resolveJwtSecret(
  secrets: ServerSecretRepository,
  dataDir: string,
  fromEnv: string | undefined,
): Promise<string> {
  return resolveServerSecret(secrets, dataDir, 'jwt-secret', fromEnv);
}

/**
 * A secret from the environment, or the one the database keeps (generated once). A data folder
 * from before secrets moved into the database still has the secret in `dataDir/<name>`: that one
 * is stored, so the sessions it signed stay valid.
 */
export async function resolveServerSecret(
  secrets: ServerSecretRepository,
  dataDir: string,
  name: 'jwt-secret' | 'captcha-key',
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv;
  const legacyFile = path.join(dataDir, name);
  const candidate = existsSync(legacyFile)
    ? readFileSync(legacyFile, 'utf8').trim()
    : randomBytes(48).toString('base64url');
  return await secrets.keep(name, candidate);
}

/** Signs claims with a fresh token id; `lifetimeSeconds` may be negative to make expired tokens in tests. */
export function signToken(
  secret: string,
  claims: TokenClaimsInput,
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
): string {
  const { sub, customer, role, scope, from_manager, tv, mailbox_verified, since } = claims;
  return jwt.sign(
    {
      sub,
      customer,
      role,
      ...(scope && { scope }),
      ...(from_manager && { from_manager }),
      ...(tv && { tv }),
      ...(mailbox_verified === false && { mailbox_verified, since }),
    },
    secret,
    { algorithm: JWT_ALGORITHM, expiresIn: lifetimeSeconds, jwtid: randomUUID() },
  );
}

/** A visitor's default token: it reaches public data only (no customer, no user). */
export function signPublicToken(secret: string): string {
  return signToken(
    secret,
    { sub: PUBLIC_SUBJECT, customer: null, role: 'florist', scope: 'public' },
    PUBLIC_TOKEN_LIFETIME_SECONDS,
  );
}

/** Verifies signature, algorithm and expiry; returns null for any token that does not hold. */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: [JWT_ALGORITHM] });
    const parsed = tokenClaimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** True for a well-formed public token's claims (and only those). */
export function isPublicClaims(claims: TokenClaims): boolean {
  return claims.scope === 'public' && claims.sub === PUBLIC_SUBJECT && claims.customer === null;
}
