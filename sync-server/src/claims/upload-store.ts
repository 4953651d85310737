import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import path from 'node:path';
import type {
  AddOutcome,
  ByteBudget,
  StoredFolder,
  StoredUpload,
  UploadRepository,
} from './upload-repository';

/** A key the server makes: 24 hex characters, never derived from what a client sent. */
function serverKey(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}

/**
 * Folders and uploaded files (spec §3 "Folder and image upload"). Rows in upload-repository.ts; the bytes in
 * `DATA_DIR/uploads/<key>.<ext>`, a name the server chooses, so no client text ever reaches a
 * path. Every read names its owner: a customer finds only its own folders and files.
 */
export function createUploadStore(rows: UploadRepository, dataDir: string) {
  const folder = path.join(dataDir, 'uploads');
  mkdirSync(folder, { recursive: true });
  const fileOf = (upload: Pick<StoredUpload, 'key' | 'ext'>) =>
    path.join(folder, `${upload.key}.${upload.ext}`);

  return {
    /** One of the owner's folders, or undefined (also for another owner's key). */
    folder(ownerKey: string, key: string): Promise<StoredFolder | undefined> {
      return rows.folder(ownerKey, key);
    },
    /** `folder`, locked until the transaction ends: see upload-repository.ts. */
    folderForUpdate(ownerKey: string, key: string): Promise<StoredFolder | undefined> {
      return rows.folderForUpdate(ownerKey, key);
    },
    /**
     * The owner's folder of that name under that parent, made on first ask (idempotent) while
     * the owner made fewer than `maxNew` since `sinceMs`; undefined past that. The owner is
     * locked first, so two asks at once find one folder and count each other. Call inside a
     * transaction.
     */
    async ensureFolder(
      ownerKey: string,
      name: string,
      parentKey: string,
      nowMs: number,
      cap: { maxNew: number; sinceMs: number },
    ): Promise<StoredFolder | undefined> {
      await rows.lockOwner(ownerKey);
      const known = await rows.folderNamed(ownerKey, parentKey, name);
      if (known) return known;
      if ((await rows.foldersMadeSince(ownerKey, cap.sinceMs)) >= cap.maxNew) return undefined;
      const made = { key: serverKey('fo'), owner_key: ownerKey, name, parent_key: parentKey };
      await rows.addFolder(made, nowMs);
      return made;
    },
    /** The owner's upload lock, until the transaction ends: see upload-repository.ts. */
    lockOwner(ownerKey: string): Promise<void> {
      return rows.lockOwner(ownerKey);
    },
    /** Bytes the owner holds against its budget: see upload-repository.ts. */
    bytesHeld(ownerKey: string, sinceMs: number, exceptSession?: string): Promise<number> {
      return rows.bytesHeld(ownerKey, sinceMs, exceptSession);
    },
    /** A file by key, whoever owns it: callers check the owner. */
    upload(key: string): Promise<StoredUpload | undefined> {
      return rows.upload(key);
    },
    /** The file of that client name already in the folder: a retried upload answers it again. */
    uploadNamed(folderKey: string, fileName: string): Promise<StoredUpload | undefined> {
      return rows.uploadNamed(folderKey, fileName);
    },
    filesIn(ownerKey: string, folderKey: string): Promise<StoredUpload[]> {
      return rows.filesIn(ownerKey, folderKey);
    },
    /**
     * Writes the bytes (to a temporary name, then renamed, so a crash leaves no half file under
     * a live key) and records the file while its folder holds fewer than `maxFiles` and its
     * owner stays within `budget`; else why not, and no bytes left behind. Call outside a
     * transaction that may roll back.
     */
    async save(
      upload: Omit<StoredUpload, 'key'>,
      content: Uint8Array,
      maxFiles: number,
      budget: ByteBudget,
    ): Promise<StoredUpload | Exclude<AddOutcome, 'added'>> {
      const stored = { ...upload, key: serverKey('up') };
      const target = fileOf(stored);
      const temporary = `${target}.part`;
      writeFileSync(temporary, content);
      renameSync(temporary, target);
      let outcome: AddOutcome | undefined;
      try {
        outcome = await rows.addUploadUnder(stored, maxFiles, budget);
      } finally {
        if (outcome !== 'added') rmSync(target, { force: true });
      }
      return outcome === 'added' ? stored : outcome;
    },
    /**
     * Records a file whose bytes are already on disk (a finished chunked upload): moves them
     * under the server's name, then records the file; on failure the bytes stay where they were.
     */
    async saveFile(upload: Omit<StoredUpload, 'key'>, source: string): Promise<StoredUpload> {
      const stored = { ...upload, key: serverKey('up') };
      const target = fileOf(stored);
      renameSync(source, target);
      try {
        await rows.addUpload(stored);
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
