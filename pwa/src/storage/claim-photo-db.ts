/**
 * Claim photos and videos on this device (Dexie, one database per customer:
 * `stemline-photos-<customer>`; docs/architecture.md). Blobs do not belong in replicated RxDB
 * documents and are uploaded once, so they live here: `photos` holds each file's Blob, `uploads`
 * its upload state, and `drafts` a claim filed on this device until its files are on the server
 * and its `claim_finish` is in the outbox. Nothing here is deleted until the server's claim
 * document names the files, so a reload, a crash or going offline never loses a photo.
 */
import Dexie, { type EntityTable } from 'dexie';
import { liveQuery } from 'dexie';
import type { ClaimFinishArgs } from '@stemline/shared';

export interface ClaimPhoto {
  /** Made on the device; also the file name the upload sends, so a retry is recognised. */
  id: string;
  claimKey: string;
  blob: Blob;
  kind: 'image' | 'video';
  /** The name the buyer's device gave it, for the screen only. */
  name: string;
  createdAt: number;
}

export type UploadState = 'waiting' | 'uploading' | 'uploaded' | 'refused';

export interface PhotoUpload {
  photoId: string;
  claimKey: string;
  state: UploadState;
  attempts: number;
  /** The server's key once uploaded. */
  uploadKey: string | null;
  /**
   * Bytes the server has stored of the file so far (its chunked upload's offset) and the file's
   * size: the progress shown after a reload, and where the upload goes on. Absent on files kept
   * before chunked uploads (read as 0 and the blob's size).
   */
  sentBytes?: number;
  totalBytes?: number;
  /**
   * Why the server refused it (type, size) or, with `retryAt`, held it back for now (the
   * customer's upload limit of the day): kept for the buyer, never dropped silently.
   */
  error: string | null;
  /** A file held back (`waiting`) is not tried again before this time (ms); absent or null: now. */
  retryAt?: number | null;
  updatedAt: number;
}

/** A claim filed on this device: its args (without the folder, which the server names). */
export interface ClaimDraft {
  claimKey: string;
  args: Omit<ClaimFinishArgs, 'folder_key'>;
  folderKey: string | null;
  /** `waiting`: files still to upload; `queued`: `claim_finish` is in the outbox. */
  state: 'waiting' | 'queued';
  orderNumber: string;
  createdAt: number;
  /** The server refused the claim (its words); the claim and its files stay for the buyer. */
  rejected?: string | null;
}

export type ClaimPhotoDb = Dexie & {
  photos: EntityTable<ClaimPhoto, 'id'>;
  uploads: EntityTable<PhotoUpload, 'photoId'>;
  drafts: EntityTable<ClaimDraft, 'claimKey'>;
};

const opened = new Map<string, ClaimPhotoDb>();

/** The photo database of a customer, opened once per page. */
export function openClaimPhotoDb(customerKey: string): ClaimPhotoDb {
  let db = opened.get(customerKey);
  if (!db) {
    db = new Dexie(
      `stemline-photos-${customerKey.toLowerCase().replace(/[^a-z0-9]/g, '-')}`,
    ) as ClaimPhotoDb;
    db.version(1).stores({
      photos: 'id, claimKey',
      uploads: 'photoId, claimKey, state',
      drafts: 'claimKey, state',
    });
    opened.set(customerKey, db);
  }
  return db;
}

/** Thrown when the device has no room for a file: nothing already kept is touched. */
export class PhotoStorageFullError extends Error {
  constructor() {
    super('storage full');
    this.name = 'PhotoStorageFullError';
  }
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown; inner?: { name?: unknown } } | null)?.name;
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/**
 * Keeps a claim and its files in one transaction: all of it is on the device, or (the device
 * full) none of this claim and a `PhotoStorageFullError`.
 */
export async function saveClaimDraft(
  db: ClaimPhotoDb,
  draft: Omit<ClaimDraft, 'state' | 'folderKey' | 'createdAt'>,
  files: { blob: Blob; kind: 'image' | 'video'; name: string }[],
): Promise<void> {
  const now = Date.now();
  try {
    await db.transaction('rw', db.photos, db.uploads, db.drafts, async () => {
      for (const file of files) {
        const id = `p-${crypto.randomUUID()}`;
        await db.photos.add({ id, claimKey: draft.claimKey, createdAt: now, ...file });
        await db.uploads.add({
          photoId: id,
          claimKey: draft.claimKey,
          state: 'waiting',
          attempts: 0,
          uploadKey: null,
          error: null,
          updatedAt: now,
          sentBytes: 0,
          totalBytes: file.blob.size,
        });
      }
      await db.drafts.put({ ...draft, state: 'waiting', folderKey: null, createdAt: now });
    });
  } catch (error) {
    if (isQuotaError(error)) throw new PhotoStorageFullError();
    throw error;
  }
}

/** Forgets a claim's files once the server's claim document lists them. */
export async function forgetClaimFiles(db: ClaimPhotoDb, claimKey: string): Promise<void> {
  await db.transaction('rw', db.photos, db.uploads, db.drafts, async () => {
    await db.photos.where('claimKey').equals(claimKey).delete();
    await db.uploads.where('claimKey').equals(claimKey).delete();
    await db.drafts.delete(claimKey);
  });
}

export interface LocalClaim {
  draft: ClaimDraft;
  uploads: PhotoUpload[];
}

/** Claims filed on this device not yet confirmed by the server, with each file's upload state. */
export function observeLocalClaims(db: ClaimPhotoDb) {
  return liveQuery(async (): Promise<LocalClaim[]> => {
    const drafts = await db.drafts.orderBy('claimKey').toArray();
    const uploads = await db.uploads.toArray();
    return drafts
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((draft) => ({
        draft,
        uploads: uploads.filter((upload) => upload.claimKey === draft.claimKey),
      }));
  });
}
