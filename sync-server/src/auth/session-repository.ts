import type { SqlExecutor } from '../db/sql-engine';
import type { TokenClaims } from './tokens';

/** What decides whether a signed session still holds: its user's state and revoked token ids. */
export function createSessionRepository(engine: SqlExecutor) {
  return {
    /**
     * Whether a (validly signed, unexpired) user token's session still holds: its user exists
     * and is active, no password change since it was signed (token version), and logout has not
     * revoked its id.
     */
    isActive: async (claims: TokenClaims): Promise<boolean> => {
      // One statement, two primary-key lookups: every protected call (each push) asks.
      const user = await engine.one<{ active: number; token_version: number; revoked: number }>(
        `SELECT active, token_version,
           CASE WHEN EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ?) THEN 1 ELSE 0 END
             AS revoked
         FROM users WHERE key = ?`,
        [claims.jti ?? null, claims.sub],
      );
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
    revoke: (jti: string, expiresAtSeconds: number): Promise<void> =>
      engine.transaction(async (tx) => {
        await tx.run('DELETE FROM revoked_tokens WHERE expires_at < ?', [
          Math.floor(Date.now() / 1000),
        ]);
        await tx.run(
          'INSERT INTO revoked_tokens (jti, expires_at) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING',
          [jti, expiresAtSeconds],
        );
      }),
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
