import type { Db } from '../db/database';
import type { TokenClaims } from './tokens';

/**
 * Whether a (validly signed, unexpired) user token's session still holds: its user exists and
 * is active, no password change since it was signed (token version), and logout has not revoked
 * its id. Every protected call asks, so it is one prepared statement (two primary-key lookups).
 */
export function createSessionCheck(db: Db): (claims: TokenClaims) => boolean {
  const session = db.prepare<
    [string | null, string],
    { active: number; token_version: number; revoked: number }
  >(
    `SELECT active, token_version,
       EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ?) AS revoked
     FROM users WHERE key = ?`,
  );
  return (claims) => {
    const user = session.get(claims.jti ?? null, claims.sub);
    if (user?.active !== 1) return false;
    // A password change bumps token_version: tokens signed before it end (accounts feature).
    if ((claims.tv ?? 0) !== user.token_version) return false;
    // A token without an id cannot be revoked (`jti = NULL` matches no row).
    return user.revoked === 0;
  };
}

/**
 * Revokes a token id until its own expiry (seconds since epoch); expired ids are pruned. Token
 * expiry is checked by jsonwebtoken against the real clock, so pruning uses the real clock too.
 */
export function createTokenRevoker(db: Db) {
  const insert = db.prepare<[string, number]>(
    'INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)',
  );
  const prune = db.prepare<[number]>('DELETE FROM revoked_tokens WHERE expires_at < ?');
  return (jti: string, expiresAtSeconds: number): void => {
    db.transaction(() => {
      prune.run(Math.floor(Date.now() / 1000));
      insert.run(jti, expiresAtSeconds);
    })();
  };
}
