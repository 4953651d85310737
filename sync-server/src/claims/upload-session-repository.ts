import type { Db } from '../db/database';

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
export function createUploadSessionRepository(db: Db) {
  const byKey = db.prepare<[string, string], UploadSession>(
    'SELECT * FROM upload_sessions WHERE owner_key = ? AND key = ?',
  );
  const byName = db.prepare<[string, string, string], UploadSession>(
    'SELECT * FROM upload_sessions WHERE owner_key = ? AND folder_key = ? AND file_name = ?',
  );
  const countIn = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM upload_sessions WHERE owner_key = ? AND folder_key = ?',
  );
  const insert = db.prepare(
    `INSERT INTO upload_sessions (key, owner_key, folder_key, file_name, size, received, ext, created_at, updated_at)
     VALUES (@key, @owner_key, @folder_key, @file_name, @size, @received, @ext, @created_at, @updated_at)`,
  );
  const advance = db.prepare<[number, string | null, number, string, number]>(
    'UPDATE upload_sessions SET received = ?, ext = ?, updated_at = ? WHERE key = ? AND received = ?',
  );
  const restart = db.prepare<[number, number, string]>(
    'UPDATE upload_sessions SET size = ?, received = 0, ext = NULL, updated_at = ? WHERE key = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM upload_sessions WHERE key = ?');
  const stale = db.prepare<[number], { key: string }>(
    'SELECT key FROM upload_sessions WHERE updated_at < ?',
  );

  return {
    get: (ownerKey: string, key: string) => byKey.get(ownerKey, key),
    named: (ownerKey: string, folderKey: string, fileName: string) =>
      byName.get(ownerKey, folderKey, fileName),
    countIn: (ownerKey: string, folderKey: string) => countIn.get(ownerKey, folderKey)?.n ?? 0,
    insert(session: UploadSession): void {
      insert.run(session);
    },
    /** Moves `received` on from `from`; false when another part moved it first. */
    advance(key: string, from: number, to: number, ext: string | null, at: number): boolean {
      return advance.run(to, ext, at, key, from).changes === 1;
    },
    /** The same file name announced with another size: its bytes so far no longer count. */
    restart(key: string, size: number, at: number): void {
      restart.run(size, at, key);
    },
    delete(key: string): void {
      remove.run(key);
    },
    /** Keys of uploads nobody has added to since `beforeMs`. */
    staleKeys: (beforeMs: number) => stale.all(beforeMs).map((row) => row.key),
  };
}
export type UploadSessionRepository = ReturnType<typeof createUploadSessionRepository>;
