import { lockKey } from '../db/key-lock';
import type { SqlExecutor } from '../db/sql-engine';

export interface StoredFolder {
  key: string;
  owner_key: string;
  name: string;
  parent_key: string;
}

export interface StoredUpload {
  key: string;
  owner_key: string;
  folder_key: string;
  file_name: string;
  kind: 'image' | 'video';
  ext: string;
  mime: string;
  bytes: number;
  created_at: number;
}

/** What an owner may still add: bytes (stored since `sinceMs` plus uploads under way). */
export interface ByteBudget {
  maxBytes: number;
  sinceMs: number;
}

/** Whether `addUploadUnder` recorded the file, or why not. */
export type AddOutcome = 'added' | 'folder_full' | 'over_budget';

/** The rows of upload folders and uploaded files; the bytes are upload-store.ts's. */
export function createUploadRepository(engine: SqlExecutor) {
  const uploadColumns = 'key, owner_key, folder_key, file_name, kind, ext, mime, bytes, created_at';
  const rows = {
    /** One of the owner's folders, or undefined (also for another owner's key). */
    folder(ownerKey: string, key: string): Promise<StoredFolder | undefined> {
      return engine.one(
        'SELECT key, owner_key, name, parent_key FROM upload_folders WHERE owner_key = ? AND key = ?',
        [ownerKey, key],
      );
    },
    /**
     * One of the owner's folders, locked until the transaction ends (PostgreSQL: `FOR UPDATE`;
     * SQLite's transaction already holds the write lock), so counting its files and adding one
     * is one step across nodes. Call inside a transaction.
     */
    folderForUpdate(ownerKey: string, key: string): Promise<StoredFolder | undefined> {
      const lock = engine.kind === 'postgres' ? ' FOR UPDATE' : '';
      return engine.one(
        `SELECT key, owner_key, name, parent_key FROM upload_folders WHERE owner_key = ? AND key = ?${lock}`,
        [ownerKey, key],
      );
    },
    folderNamed(
      ownerKey: string,
      parentKey: string,
      name: string,
    ): Promise<StoredFolder | undefined> {
      return engine.one(
        'SELECT key, owner_key, name, parent_key FROM upload_folders WHERE owner_key = ? AND parent_key = ? AND name = ?',
        [ownerKey, parentKey, name],
      );
    },
    async addFolder(folder: StoredFolder, nowMs: number): Promise<void> {
      await engine.run(
        'INSERT INTO upload_folders (key, owner_key, name, parent_key, created_at) VALUES (?, ?, ?, ?, ?)',
        [folder.key, folder.owner_key, folder.name, folder.parent_key, nowMs],
      );
    },
    /** A file by key, whoever owns it: callers check the owner. */
    upload(key: string): Promise<StoredUpload | undefined> {
      return engine.one(`SELECT ${uploadColumns} FROM uploads WHERE key = ?`, [key]);
    },
    uploadNamed(folderKey: string, fileName: string): Promise<StoredUpload | undefined> {
      return engine.one(
        `SELECT ${uploadColumns} FROM uploads WHERE folder_key = ? AND file_name = ?`,
        [folderKey, fileName],
      );
    },
    filesIn(ownerKey: string, folderKey: string): Promise<StoredUpload[]> {
      return engine.all(
        `SELECT ${uploadColumns} FROM uploads WHERE owner_key = ? AND folder_key = ? ORDER BY created_at, key`,
        [ownerKey, folderKey],
      );
    },
    /**
     * Holds the owner's upload lock until the transaction ends, so its budget's count and the
     * row that spends it are one step across nodes (SQLite: the transaction's write lock).
     * Taken after any folder row lock, never before one. Call inside a transaction.
     */
    lockOwner(ownerKey: string): Promise<void> {
      return lockKey(engine, `uploads:${ownerKey}`);
    },
    /**
     * Bytes the owner holds against its budget: files stored since `sinceMs`, and the announced
     * sizes of its uploads under way whatever their age (but `exceptSession`'s, being resized).
     */
    async bytesHeld(ownerKey: string, sinceMs: number, exceptSession = ''): Promise<number> {
      const row = await engine.one<{ n: number | null }>(
        `SELECT CAST(
           (SELECT COALESCE(SUM(bytes), 0) FROM uploads WHERE owner_key = ? AND created_at >= ?)
           + (SELECT COALESCE(SUM(size), 0) FROM upload_sessions WHERE owner_key = ? AND key <> ?)
         AS BIGINT) AS n`,
        [ownerKey, sinceMs, ownerKey, exceptSession],
      );
      return row?.n ?? 0;
    },
    async foldersMadeSince(ownerKey: string, sinceMs: number): Promise<number> {
      const row = await engine.one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM upload_folders WHERE owner_key = ? AND created_at >= ?',
        [ownerKey, sinceMs],
      );
      return row?.n ?? 0;
    },
    /**
     * Records the file only while its folder holds fewer than `maxFiles` and its owner stays
     * within `budget`. The folder row and then the owner are locked for the counts, so two
     * nodes cannot both add the last file, or both spend the last bytes.
     */
    addUploadUnder(
      upload: StoredUpload,
      maxFiles: number,
      budget: ByteBudget,
    ): Promise<AddOutcome> {
      return engine.transaction(async (): Promise<AddOutcome> => {
        if (!(await rows.folderForUpdate(upload.owner_key, upload.folder_key)))
          return 'folder_full';
        if ((await rows.filesIn(upload.owner_key, upload.folder_key)).length >= maxFiles)
          return 'folder_full';
        await rows.lockOwner(upload.owner_key);
        if (
          (await rows.bytesHeld(upload.owner_key, budget.sinceMs)) + upload.bytes >
          budget.maxBytes
        )
          return 'over_budget';
        await rows.addUpload(upload);
        return 'added';
      });
    },
    async addUpload(upload: StoredUpload): Promise<void> {
      await engine.run(
        `INSERT INTO uploads (${uploadColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          upload.key,
          upload.owner_key,
          upload.folder_key,
          upload.file_name,
          upload.kind,
          upload.ext,
          upload.mime,
          upload.bytes,
          upload.created_at,
        ],
      );
    },
  };
  return rows;
}
export type UploadRepository = ReturnType<typeof createUploadRepository>;
