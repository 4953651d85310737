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

/** The rows of upload folders and uploaded files; the bytes are upload-store.ts's. */
export function createUploadRepository(db: Db) {
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
    folderNamed(ownerKey: string, parentKey: string, name: string): StoredFolder | undefined {
      return findFolderByName.get(ownerKey, parentKey, name);
    },
    addFolder(folder: StoredFolder, nowMs: number): void {
      insertFolder.run(folder.key, folder.owner_key, folder.name, folder.parent_key, nowMs);
    },
    /** A file by key, whoever owns it: callers check the owner. */
    upload(key: string): StoredUpload | undefined {
      return findUpload.get(key);
    },
    uploadNamed(folderKey: string, fileName: string): StoredUpload | undefined {
      return findByName.get(folderKey, fileName);
    },
    filesIn(ownerKey: string, folderKey: string): StoredUpload[] {
      return inFolder.all(ownerKey, folderKey);
    },
    addUpload(upload: StoredUpload): void {
      insertUpload.run(upload);
    },
  };
}
export type UploadRepository = ReturnType<typeof createUploadRepository>;
