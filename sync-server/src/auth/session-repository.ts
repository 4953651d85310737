import type { Db } from '../db/database';
import type { TokenClaims } from './tokens';

/** What decides whether a signed session still holds: its user's state and revoked token ids. */
export function createSessionRepository(db: Db) {
  // One statement, two primary-key lookups: every protected call (each push) asks.
  const session = db.prepare<
    [string | null, string],
    { active: number; token_version: number; revoked: number }
  >(
    `SELECT active, token_version,
       EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ?) AS revoked
     FROM users WHERE key = ?`,
  );
  const insert = db.prepare<[string, number]>(
    'INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)',
  );
  const prune = db.prepare<[number]>('DELETE FROM revoked_tokens WHERE expires_at < ?');
  const revoke = db.transaction((jti: string, expiresAtSeconds: number, nowSeconds: number) => {
    prune.run(nowSeconds);
    insert.run(jti, expiresAtSeconds);
  });

  return {
    /**
     * Whether a (validly signed, unexpired) user token's session still holds: its user exists
     * and is active, no password change since it was signed (token version), and logout has not
     * revoked its id.
     */
    isActive: (claims: TokenClaims): boolean => {
      const user = session.get(claims.jti ?? null, claims.sub);
      if (user?.active !== 1) return false;
      // A password change bumps token_version: tokens signed before it end (accounts feature).
      if ((claims.tv ?? 0) !== user.token_version) return false;
      // A token without an id cannot be revoked (`jti = NULL` matches no row).
      return user.revoked === 0;
    },
    /**
     * Revokes a token id until its own expiry (seconds since epoch); expired ids are pruned.
     * Token expiry is checked by jsonwebtoken against the real clock, so pruning uses it too.
     */
    revoke: (jti: string, expiresAtSeconds: number): void => {
      revoke(jti, expiresAtSeconds, Math.floor(Date.now() / 1000));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
