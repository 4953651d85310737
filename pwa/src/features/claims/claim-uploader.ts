import { claimMessages, uploadAnswerSchema } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import type { AccountDb } from '../../storage/account-db';
import {
  forgetClaimFiles,
  type ClaimDraft,
  type ClaimPhotoDb,
  type PhotoUpload,
} from '../../storage/claim-photo-db';
import { enqueueMutation } from '../../sync/outbox';

/** Ours: how often waiting files are tried again while the page is open. */
export const UPLOAD_RETRY_MS = 15_000;

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let index = 0; index < bytes.length; index += step)
    binary += String.fromCharCode(...bytes.subarray(index, index + step));
  return btoa(binary);
}

type Step = 'done' | 'offline' | 'refused';

async function ensureFolder(photos: ClaimPhotoDb, draft: ClaimDraft): Promise<string | null> {
  if (draft.folderKey) return draft.folderKey;
  const answer = await apiRequest<{ result: { key: string } }>('/api/folder/create', {
    method: 'POST',
    body: { folderName: draft.claimKey },
  });
  if (!answer.success) return null;
  await photos.drafts.update(draft.claimKey, { folderKey: answer.data.result.key });
  return answer.data.result.key;
}

async function uploadOne(
  photos: ClaimPhotoDb,
  upload: PhotoUpload,
  folderKey: string,
): Promise<Step> {
  const photo = await photos.photos.get(upload.photoId);
  if (!photo) return 'refused';
  await photos.uploads.update(upload.photoId, {
    state: 'uploading',
    attempts: upload.attempts + 1,
    updatedAt: Date.now(),
  });
  const answer = await apiRequest<unknown>('/api/images/upload', {
    method: 'POST',
    body: { fileName: photo.id, fileContent: await base64Of(photo.blob), folderKey },
  });
  if (answer.success) {
    const parsed = uploadAnswerSchema.safeParse(answer.data);
    await photos.uploads.update(upload.photoId, {
      state: 'uploaded',
      uploadKey: parsed.success ? parsed.data.result.key : null,
      error: null,
      updatedAt: Date.now(),
    });
    return 'done';
  }
  const refused = !answer.offline && answer.status >= 400 && answer.status < 500;
  // A refused file stays on the device with the server's reason; a network failure waits.
  await photos.uploads.update(upload.photoId, {
    state: refused ? 'refused' : 'waiting',
    error: refused ? answer.error : null,
    updatedAt: Date.now(),
  });
  return refused ? 'refused' : 'offline';
}

/** Records on the draft the server's refusal of its queued `claim_finish`, if any. */
async function noteRejection(db: AccountDb, photos: ClaimPhotoDb, draft: ClaimDraft) {
  if (draft.rejected) return;
  const entries = await db.mutations.find({ selector: { name: 'claim_finish' } }).exec();
  const refused = entries.find(
    (entry) =>
      entry.status === 'rejected' &&
      (entry.args as { claim_key?: unknown }).claim_key === draft.claimKey,
  );
  if (refused)
    await photos.drafts.update(draft.claimKey, { rejected: refused.message ?? 'Refused' });
}

/**
 * Sends the claims filed on this device: for each, its folder, then each file not yet on the
 * server (one at a time, so an interruption resumes at the next file rather than starting
 * over), then queues its `claim_finish`. Claims whose server document has arrived have their
 * files forgotten. Returns when the network is gone or everything possible is sent.
 */
export async function drainClaims(db: AccountDb, photos: ClaimPhotoDb): Promise<void> {
  const drafts = await photos.drafts.toArray();
  for (const draft of drafts) {
    const synced = await db.claims.findOne(draft.claimKey).exec();
    if (synced) {
      await forgetClaimFiles(photos, draft.claimKey);
      continue;
    }
    if (draft.state === 'queued') {
      await noteRejection(db, photos, draft);
      continue;
    }
    if (!navigator.onLine) return;
    const folderKey = await ensureFolder(photos, draft);
    if (!folderKey) return;
    const uploads = await photos.uploads.where('claimKey').equals(draft.claimKey).toArray();
    let complete = true;
    for (const upload of uploads) {
      if (upload.state === 'uploaded') continue;
      if (upload.state === 'refused') {
        complete = false;
        continue;
      }
      const step = await uploadOne(photos, upload, folderKey);
      if (step === 'offline') return;
      if (step === 'refused') complete = false;
    }
    if (!complete) continue;
    await enqueueMutation(db, 'claim_finish', { ...draft.args, folder_key: folderKey });
    await photos.drafts.update(draft.claimKey, { state: 'queued' });
  }
}

/**
 * Runs `drainClaims` now, when the device comes online, on a timer, and when the synced claims
 * change (to forget files the server has); one run at a time per page, and one tab at a time
 * per customer. Returns a function that stops it.
 */
export function startClaimUploader(
  db: AccountDb,
  photos: ClaimPhotoDb,
  customerKey: string,
): { stop: () => void; kick: () => void } {
  let running = false;
  let again = false;
  let stopped = false;
  const once = async () => {
    const run = () => drainClaims(db, photos);
    if ('locks' in navigator)
      await navigator.locks.request(`stemline-claim-upload:${customerKey}`, run);
    else await run();
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void once()
      .catch((error: unknown) => console.error('[claims] upload failed', error))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  window.addEventListener('online', kick);
  const timer = window.setInterval(kick, UPLOAD_RETRY_MS);
  const subscription = db.claims.$.subscribe(() => kick());
  kick();
  return {
    kick,
    stop: () => {
      stopped = true;
      window.removeEventListener('online', kick);
      window.clearInterval(timer);
      subscription.unsubscribe();
    },
  };
}

/** The buyer's words for a claim still on this device. */
export function waitingText(uploads: readonly PhotoUpload[]): string {
  const waiting = uploads.filter((upload) => upload.state !== 'uploaded').length;
  return claimMessages.photosWaiting(waiting);
}
