import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { roleSchema } from '@stemline/shared';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
export const JWT_ALGORITHM = 'HS256';

/** What a session token carries; the server re-reads the user on every sensitive call. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  customer: z.string().nullable(),
  role: roleSchema,
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated once and kept in the data
 * folder (mode 600), so sessions survive restarts without any setup.
 */
export function resolveJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function signToken(
  secret: string,
  claims: TokenClaims,
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
): string {
  return jwt.sign(claims, secret, { algorithm: JWT_ALGORITHM, expiresIn: lifetimeSeconds });
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
