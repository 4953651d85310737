import type { SqlExecutor } from '../db/sql-engine';

/** One password-reset code as stored: only its hash, whose user, when it ends, if it was used. */
export interface ResetCode {
  userKey: string;
  expiresAt: number;
  usedAt: number | null;
}

/** The `password_resets` table: codes are stored hashed and spent once. */
export function createPasswordResetRepository(engine: SqlExecutor) {
  return {
    async add(codeHash: string, userKey: string, createdAt: number, expiresAt: number) {
      await engine.run(
        'INSERT INTO password_resets (code_hash, user_key, created_at, expires_at) VALUES (?, ?, ?, ?)',
        [codeHash, userKey, createdAt, expiresAt],
      );
    },
    async find(codeHash: string): Promise<ResetCode | undefined> {
      const row = await engine.one<{
        user_key: string;
        expires_at: number;
        used_at: number | null;
      }>('SELECT user_key, expires_at, used_at FROM password_resets WHERE code_hash = ?', [
        codeHash,
      ]);
      return row && { userKey: row.user_key, expiresAt: row.expires_at, usedAt: row.used_at };
    },
    /** Spends every open code of the user. */
    async spendAll(userKey: string, at: number): Promise<void> {
      await engine.run(
        'UPDATE password_resets SET used_at = ? WHERE user_key = ? AND used_at IS NULL',
        [at, userKey],
      );
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
