import type { SqlExecutor } from '../db/sql-engine';

/** A chunked upload under way (`upload_sessions`): `received` bytes stored of `size`. */
export interface UploadSession {
  key: string;
  owner_key: string;
  folder_key: string;
  file_name: string;
  size: number;
  received: number;
  /** The type its content showed, once enough of it arrived to tell; null before. */
  ext: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * Rows of the chunked uploads under way. Every read names its owner, so a customer finds only
 * its own uploads: another customer's id reads as unknown.
 */
export function createUploadSessionRepository(engine: SqlExecutor) {
  const columns =
    'key, owner_key, folder_key, file_name, size, received, ext, created_at, updated_at';
  return {
    get: (ownerKey: string, key: string) =>
      engine.one<UploadSession>(
        `SELECT ${columns} FROM upload_sessions WHERE owner_key = ? AND key = ?`,
        [ownerKey, key],
      ),
    named: (ownerKey: string, folderKey: string, fileName: string) =>
      engine.one<UploadSession>(
        `SELECT ${columns} FROM upload_sessions WHERE owner_key = ? AND folder_key = ? AND file_name = ?`,
        [ownerKey, folderKey, fileName],
      ),
    countIn: async (ownerKey: string, folderKey: string): Promise<number> =>
      (
        await engine.one<{ n: number }>(
          'SELECT COUNT(*) AS n FROM upload_sessions WHERE owner_key = ? AND folder_key = ?',
          [ownerKey, folderKey],
        )
      )?.n ?? 0,
    async insert(session: UploadSession): Promise<void> {
      await engine.run(
        `INSERT INTO upload_sessions (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          session.key,
          session.owner_key,
          session.folder_key,
          session.file_name,
          session.size,
          session.received,
          session.ext,
          session.created_at,
          session.updated_at,
        ],
      );
    },
    /** Moves `received` on from `from`; false when another part moved it first. */
    async advance(
      key: string,
      from: number,
      to: number,
      ext: string | null,
      at: number,
    ): Promise<boolean> {
      const { changes } = await engine.run(
        'UPDATE upload_sessions SET received = ?, ext = ?, updated_at = ? WHERE key = ? AND received = ?',
        [to, ext, at, key, from],
      );
      return changes === 1;
    },
    /** The same file name announced with another size: its bytes so far no longer count. */
    async restart(key: string, size: number, at: number): Promise<void> {
      await engine.run(
        'UPDATE upload_sessions SET size = ?, received = 0, ext = NULL, updated_at = ? WHERE key = ?',
        [size, at, key],
      );
    },
    async delete(key: string): Promise<void> {
      await engine.run('DELETE FROM upload_sessions WHERE key = ?', [key]);
    },
    /** Keys of uploads nobody has added to since `beforeMs`. */
    staleKeys: async (beforeMs: number): Promise<string[]> =>
      (
        await engine.all<{ key: string }>('SELECT key FROM upload_sessions WHERE updated_at < ?', [
          beforeMs,
        ])
      ).map((row) => row.key),
  };
}
export type UploadSessionRepository = ReturnType<typeof createUploadSessionRepository>;
