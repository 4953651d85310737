import {
  claimMessages,
  messages,
  UPLOAD_PART_BYTES,
  uploadStepAnswerSchema,
  type UploadStep,
} from '@stemline/shared';
import { apiRequest } from '../../api/client';
import type { AccountDb } from '../../storage/account-db';
import {
  forgetClaimFiles,
  type ClaimDraft,
  type ClaimPhotoDb,
  type PhotoUpload,
} from '../../storage/claim-photo-db';
import { enqueueMutation } from '../../sync/outbox';
import { track } from '../analytics/track';
import { claimErrorEvent } from './claim-error-event';
import { putUploadPart } from './upload-part-request';
import { setUploadProgress } from './upload-progress';

/** Ours: how often waiting files are tried again while the page is open. */
export const UPLOAD_RETRY_MS = 15_000;
/**
 * Ours: how long a file the server held back (429: the customer's uploads of the last 24 hours
 * are at its limit) waits before it is tried again, unless the buyer presses Try again. The
 * window rolls, so room comes back bit by bit; trying every 15 s would only be refused.
 */
export const HELD_RETRY_MS = 3_600_000;
/** The server's status for an upload or folder over the customer's limit of the day. */
const TOO_MANY = 429;

type Step = 'done' | 'offline' | 'held' | 'refused';

/** True for a file the server held back for now: it stays on the device and is tried again. */
export function isHeld(upload: PhotoUpload): boolean {
  return upload.state === 'waiting' && upload.retryAt != null && upload.error !== null;
}

function isDue(upload: PhotoUpload, nowMs: number): boolean {
  return !isHeld(upload) || (upload.retryAt ?? 0) <= nowMs;
}

/** Holds a file back until `HELD_RETRY_MS` from now, with the server's reason for the buyer. */
async function hold(photos: ClaimPhotoDb, photoId: string, reason: string): Promise<Step> {
  const now = Date.now();
  await photos.uploads.update(photoId, {
    state: 'waiting',
    error: reason,
    retryAt: now + HELD_RETRY_MS,
    updatedAt: now,
  });
  return 'held';
}

type FolderStep = { kind: 'folder'; key: string } | { kind: 'offline' } | { kind: 'held' };

/**
 * The claim's folder on the server, made on its first upload. A folder refused for now (429)
 * holds the claim's files back, each with the server's reason; any other failure is waited out
 * as offline.
 */
async function ensureFolder(
  photos: ClaimPhotoDb,
  draft: ClaimDraft,
  uploads: readonly PhotoUpload[],
): Promise<FolderStep> {
  if (draft.folderKey) return { kind: 'folder', key: draft.folderKey };
  const answer = await apiRequest<{ result: { key: string } }>('/api/folder/create', {
    method: 'POST',
    body: { folderName: draft.claimKey },
  });
  if (!answer.success && answer.status === TOO_MANY) {
    for (const upload of uploads) await hold(photos, upload.photoId, answer.error);
    return { kind: 'held' };
  }
  if (!answer.success) return { kind: 'offline' };
  await photos.drafts.update(draft.claimKey, { folderKey: answer.data.result.key });
  return { kind: 'folder', key: answer.data.result.key };
}

/** Leaves a file waiting (no network, or the server could not answer now) or refused (4xx). */
async function settle(
  photos: ClaimPhotoDb,
  photoId: string,
  refusal: string | null,
): Promise<Step> {
  await photos.uploads.update(photoId, {
    state: refusal === null ? 'waiting' : 'refused',
    error: refusal,
    retryAt: null,
    updatedAt: Date.now(),
  });
  return refusal === null ? 'offline' : 'refused';
}

function errorOf(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : messages.serverError;
}

/**
 * Sends one file by the chunked upload (`/api/uploads`): asks where the server stands (a new
 * upload, one under way, or the file already stored), then sends the rest in parts. The offset
 * the server confirms is kept with the file after every part, so an interruption goes on from
 * there, not from the start. A refusal (type, size) is kept for the buyer; a file over the
 * customer's limit of the day (429) is held back with the server's reason, to be tried again.
 */
async function uploadOne(
  photos: ClaimPhotoDb,
  upload: PhotoUpload,
  folderKey: string,
): Promise<Step> {
  const photo = await photos.photos.get(upload.photoId);
  if (!photo) return 'refused';
  const size = photo.blob.size;
  await photos.uploads.update(upload.photoId, {
    state: 'uploading',
    attempts: upload.attempts + 1,
    totalBytes: size,
    error: null,
    retryAt: null,
    updatedAt: Date.now(),
  });
  // One new start when the server no longer knows the upload (it was dropped after a week).
  for (let starts = 0; starts < 2; starts += 1) {
    const started = await apiRequest<unknown>('/api/uploads', {
      method: 'POST',
      body: { folderKey, fileName: photo.id, size },
    });
    if (!started.success && started.status === TOO_MANY)
      return hold(photos, upload.photoId, started.error);
    if (!started.success)
      return settle(
        photos,
        upload.photoId,
        started.offline || started.status >= 500 ? null : started.error,
      );
    const parsed = uploadStepAnswerSchema.safeParse(started.data);
    if (!parsed.success) return settle(photos, upload.photoId, null);
    let step: UploadStep = parsed.data.result;
    while (step.state === 'open') {
      const { uploadId, offset } = step;
      setUploadProgress(photo.id, offset, size);
      await photos.uploads.update(photo.id, { sentBytes: offset, updatedAt: Date.now() });
      const answer = await putUploadPart(
        uploadId,
        offset,
        photo.blob.slice(offset, offset + UPLOAD_PART_BYTES),
        (loaded) => setUploadProgress(photo.id, offset + loaded, size),
      );
      if (answer.kind === 'offline' || answer.status >= 500 || answer.status === 401)
        return settle(photos, upload.photoId, null);
      const standsAt = (answer.body as { offset?: unknown } | null)?.offset;
      if (answer.status === 409 && typeof standsAt === 'number') {
        step = { ...step, offset: standsAt };
        continue;
      }
      if (answer.status === 409) return settle(photos, upload.photoId, null);
      if (answer.status === TOO_MANY) return hold(photos, upload.photoId, errorOf(answer.body));
      if (answer.status === 404) break;
      const next = uploadStepAnswerSchema.safeParse(answer.body);
      if (!next.success) return settle(photos, upload.photoId, errorOf(answer.body));
      step = next.data.result;
    }
    if (step.state === 'done') {
      setUploadProgress(photo.id, size, size);
      await photos.uploads.update(upload.photoId, {
        state: 'uploaded',
        uploadKey: step.upload.key,
        sentBytes: size,
        error: null,
        retryAt: null,
        updatedAt: Date.now(),
      });
      return 'done';
    }
  }
  return settle(photos, upload.photoId, null);
}

/**
 * Records on the draft the server's refusal of its queued `claim_finish`, if any, and logs it
 * as a claim-error event (spec §8): once, as the draft keeps the refusal from then on.
 */
async function noteRejection(db: AccountDb, photos: ClaimPhotoDb, draft: ClaimDraft) {
  if (draft.rejected) return;
  const entries = await db.mutations.find({ selector: { name: 'claim_finish' } }).exec();
  const refused = entries.find(
    (entry) =>
      entry.status === 'rejected' &&
      (entry.args as { claim_key?: unknown }).claim_key === draft.claimKey,
  );
  if (!refused) return;
  const message = refused.message ?? 'Refused';
  await photos.drafts.update(draft.claimKey, { rejected: message });
  const event = claimErrorEvent(draft, { code: refused.code, message });
  if (event) track(event.name, event);
}

/**
 * Sends the claims filed on this device: for each, its folder, then each file not yet on the
 * server (one at a time, each in parts, so an interruption resumes at the last part stored
 * rather than starting over), then queues its `claim_finish`. Claims whose server document has
 * arrived have their files forgotten. Files the server held back wait until their `retryAt`;
 * the claims after them go on. Returns when the network is gone or everything possible is sent.
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
    const uploads = await photos.uploads.where('claimKey').equals(draft.claimKey).toArray();
    const toSend = uploads.filter(
      (upload) => upload.state !== 'uploaded' && upload.state !== 'refused',
    );
    const nowMs = Date.now();
    if (!draft.folderKey && !toSend.some((upload) => isDue(upload, nowMs))) continue;
    const folder = await ensureFolder(photos, draft, toSend);
    if (folder.kind === 'offline') return;
    if (folder.kind === 'held') continue;
    let complete = uploads.every((upload) => upload.state !== 'refused');
    for (const upload of toSend) {
      if (!isDue(upload, nowMs)) {
        complete = false;
        continue;
      }
      const step = await uploadOne(photos, upload, folder.key);
      if (step === 'offline') return;
      if (step !== 'done') complete = false;
    }
    if (!complete) continue;
    await enqueueMutation(db, 'claim_finish', { ...draft.args, folder_key: folder.key });
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

/**
 * Makes the files of a claim that the server held back due now (the buyer's Try again); the
 * uploader's next run sends them.
 */
export async function retryHeldUploads(photos: ClaimPhotoDb, claimKey: string): Promise<void> {
  const now = Date.now();
  const uploads = await photos.uploads.where('claimKey').equals(claimKey).toArray();
  for (const upload of uploads)
    if (isHeld(upload)) await photos.uploads.update(upload.photoId, { retryAt: now });
}

/** The buyer's words for a claim still on this device. */
export function waitingText(uploads: readonly PhotoUpload[]): string {
  const waiting = uploads.filter((upload) => upload.state !== 'uploaded').length;
  return claimMessages.photosWaiting(waiting);
}
