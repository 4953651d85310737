import type { Db } from '../db/database';

/** One password-reset code as stored: only its hash, whose user, when it ends, if it was used. */
export interface ResetCode {
  userKey: string;
  expiresAt: number;
  usedAt: number | null;
}

/** The `password_resets` table: codes are stored hashed and spent once. */
export function createPasswordResetRepository(db: Db) {
  const insert = db.prepare<[string, string, number, number]>(
    'INSERT INTO password_resets (code_hash, user_key, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const byHash = db.prepare<
    [string],
    { user_key: string; expires_at: number; used_at: number | null }
  >('SELECT user_key, expires_at, used_at FROM password_resets WHERE code_hash = ?');
  const spendAll = db.prepare<[number, string]>(
    'UPDATE password_resets SET used_at = ? WHERE user_key = ? AND used_at IS NULL',
  );
  return {
    add(codeHash: string, userKey: string, createdAt: number, expiresAt: number): void {
      insert.run(codeHash, userKey, createdAt, expiresAt);
    },
    find(codeHash: string): ResetCode | undefined {
      const row = byHash.get(codeHash);
      return row && { userKey: row.user_key, expiresAt: row.expires_at, usedAt: row.used_at };
    },
    /** Spends every open code of the user. */
    spendAll(userKey: string, at: number): void {
      spendAll.run(at, userKey);
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
