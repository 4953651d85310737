import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import path from 'node:path';
import type { Db } from '../db/database';

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

/** A key the server makes: 24 hex characters, never derived from what a client sent. */
function serverKey(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}

/**
 * Folders and uploaded files (spec §3 "Folder and image upload"). Rows in SQLite; the bytes in
 * `DATA_DIR/uploads/<key>.<ext>`, a name the server chooses, so no client text ever reaches a
 * path. Every read names its owner: a customer finds only its own folders and files.
 */
export function createUploadStore(db: Db, dataDir: string) {
  const folder = path.join(dataDir, 'uploads');
  mkdirSync(folder, { recursive: true });
  const fileOf = (upload: Pick<StoredUpload, 'key' | 'ext'>) =>
    path.join(folder, `${upload.key}.${upload.ext}`);

  const findFolder = db.prepare<[string, string], StoredFolder>(
    'SELECT key, owner_key, name, parent_key FROM upload_folders WHERE owner_key = ? AND key = ?',
  );
  const findFolderByName = db.prepare<[string, string, string], StoredFolder>(
    'SELECT key, owner_key, name, parent_key FROM upload_folders WHERE owner_key = ? AND parent_key = ? AND name = ?',
  );
  const insertFolder = db.prepare<[string, string, string, string, number]>(
    'INSERT INTO upload_folders (key, owner_key, name, parent_key, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const findUpload = db.prepare<[string], StoredUpload>('SELECT * FROM uploads WHERE key = ?');
  const findByName = db.prepare<[string, string], StoredUpload>(
    'SELECT * FROM uploads WHERE folder_key = ? AND file_name = ?',
  );
  const inFolder = db.prepare<[string, string], StoredUpload>(
    'SELECT * FROM uploads WHERE owner_key = ? AND folder_key = ? ORDER BY created_at, key',
  );
  const insertUpload = db.prepare(
    `INSERT INTO uploads (key, owner_key, folder_key, file_name, kind, ext, mime, bytes, created_at)
     VALUES (@key, @owner_key, @folder_key, @file_name, @kind, @ext, @mime, @bytes, @created_at)`,
  );

  return {
    /** One of the owner's folders, or undefined (also for another owner's key). */
    folder(ownerKey: string, key: string): StoredFolder | undefined {
      return findFolder.get(ownerKey, key);
    },
    /** The owner's folder of that name under that parent, made on first ask (idempotent). */
    ensureFolder(ownerKey: string, name: string, parentKey: string, nowMs: number): StoredFolder {
      const known = findFolderByName.get(ownerKey, parentKey, name);
      if (known) return known;
      const made = { key: serverKey('fo'), owner_key: ownerKey, name, parent_key: parentKey };
      insertFolder.run(made.key, ownerKey, name, parentKey, nowMs);
      return made;
    },
    /** A file by key, whoever owns it: callers check the owner. */
    upload(key: string): StoredUpload | undefined {
      return findUpload.get(key);
    },
    /** The file of that client name already in the folder: a retried upload answers it again. */
    uploadNamed(folderKey: string, fileName: string): StoredUpload | undefined {
      return findByName.get(folderKey, fileName);
    },
    filesIn(ownerKey: string, folderKey: string): StoredUpload[] {
      return inFolder.all(ownerKey, folderKey);
    },
    /**
     * Writes the bytes (to a temporary name, then renamed, so a crash leaves no half file under
     * a live key) and records the file. Call outside a transaction that may roll back.
     */
    save(upload: Omit<StoredUpload, 'key'>, content: Uint8Array): StoredUpload {
      const stored = { ...upload, key: serverKey('up') };
      const target = fileOf(stored);
      const temporary = `${target}.part`;
      writeFileSync(temporary, content);
      renameSync(temporary, target);
      try {
        insertUpload.run(stored);
      } catch (error) {
        rmSync(target, { force: true });
        throw error;
      }
      return stored;
    },
    /**
     * Records a file whose bytes are already on disk (a finished chunked upload): moves them
     * under the server's name, then records the file; on failure the bytes stay where they were.
     */
    saveFile(upload: Omit<StoredUpload, 'key'>, source: string): StoredUpload {
      const stored = { ...upload, key: serverKey('up') };
      const target = fileOf(stored);
      renameSync(source, target);
      try {
        insertUpload.run(stored);
      } catch (error) {
        renameSync(target, source);
        throw error;
      }
      return stored;
    },
    /** The stored file's size in bytes, as it is on disk. */
    sizeOf(upload: StoredUpload): number {
      return statSync(fileOf(upload)).size;
    },
    /**
     * The file's bytes from `start` to `end` (inclusive) as a stream, so a 200 MB video is never
     * held in memory whole.
     */
    stream(upload: StoredUpload, start: number, end: number): Readable {
      return createReadStream(fileOf(upload), { start, end });
    },
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;
