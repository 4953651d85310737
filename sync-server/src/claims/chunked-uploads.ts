import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import {
  CLAIM_MAX_FILES,
  claimMessages,
  MAX_UPLOAD_PART_BYTES,
  MAX_VIDEO_BYTES,
  stemlineMessages,
  uploadMessages,
  type UploadStart,
  type UploadStep,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import type { DomainErrorCode } from '../kernel/domain-error';
import { sniffFileKind } from './file-kinds';
import { overByteBudget, UPLOAD_WINDOW_MS } from './upload-limits';
import { createUploadSessionRepository, type UploadSession } from './upload-session-repository';
import type { StoredUpload } from './upload-repository';

/** Enough of a file's start for `file-type` to tell every spec type. */
export const UPLOAD_SNIFF_BYTES = 4100;
/** Ours: an upload nobody added to for a week is dropped, bytes and all. */
const STALE_AFTER_MS = 7 * 24 * 3600_000;

/** What a chunked-upload call decided; a refusal names the byte to go on from when it knows. */
export type UploadResult =
  | { ok: true; step: UploadStep }
  | { ok: false; code: DomainErrorCode; message: string; offset?: number };

/** The body of one part as read: its bytes, more than allowed, or cut off by the client. */
export type PartBody =
  { kind: 'bytes'; bytes: Buffer } | { kind: 'too_large' } | { kind: 'interrupted' };

const refuse = (code: DomainErrorCode, message: string, offset?: number): UploadResult => ({
  ok: false,
  code,
  message,
  ...(offset === undefined ? {} : { offset }),
});

function doneStep(upload: StoredUpload): UploadStep {
  return {
    state: 'done',
    upload: { key: upload.key, kind: upload.kind, type: upload.ext, bytes: upload.bytes },
  };
}

function openStep(session: Pick<UploadSession, 'key' | 'received' | 'size'>): UploadStep {
  return { state: 'open', uploadId: session.key, offset: session.received, size: session.size };
}

/**
 * Chunked, resumable uploads of claim photos and videos (shared `schemas/claim-uploads.ts`).
 * The bytes so far wait in `DATA_DIR/upload-parts/<id>.part` (a name the server makes) and each
 * part is on disk (fsync) before the upload's offset moves past it, so after an interruption, a
 * crash or a restart the device goes on from the last part stored. As soon as the first 4,100
 * bytes are in, the content decides the type; anything else, or a file over its type's cap, is
 * refused and its bytes dropped. The part that completes the file records it like
 * `/api/images/upload` does. Every call names its owner: another customer's id is unknown.
 */
export function createChunkedUploads(app: AppContext) {
  const store = app.services.uploads;
  const sessions = createUploadSessionRepository(app.engine);
  const partsDir = path.join(app.config.dataDir, 'upload-parts');
  mkdirSync(partsDir, { recursive: true });
  const partOf = (key: string) => path.join(partsDir, `${key}.part`);
  // Parts being written now, by upload: a second part of the same upload waits its turn.
  const busy = new Set<string>();

  async function drop(key: string): Promise<void> {
    await sessions.delete(key);
    rmSync(partOf(key), { force: true });
  }

  async function sweepStale(nowMs: number): Promise<void> {
    for (const key of await sessions.staleKeys(nowMs - STALE_AFTER_MS))
      if (!busy.has(key)) await drop(key);
  }

  return {
    /** Starts an upload, finds the one under way for that file, or answers the stored file. */
    start(ownerKey: string, args: UploadStart): Promise<UploadResult> {
      // One transaction, as when its statements ran synchronously: two devices starting the
      // same file at once find one session (no await but the engine's inside).
      return app.transactional(async (): Promise<UploadResult> => {
        // Locked, so the count of its files and uploads below holds until this one is added.
        const folder = await store.folderForUpdate(ownerKey, args.folderKey);
        if (!folder) return refuse('not_found', claimMessages.folderNotFound);
        const stored = await store.uploadNamed(folder.key, args.fileName);
        if (stored) return { ok: true, step: doneStep(stored) };
        if (args.size > MAX_VIDEO_BYTES)
          return refuse(
            'payload_too_large',
            claimMessages.fileTooLarge('video', MAX_VIDEO_BYTES / 1024 / 1024),
          );
        const nowMs = app.now();
        await sweepStale(nowMs);
        const under = await sessions.named(ownerKey, folder.key, args.fileName);
        if (under?.size === args.size) return { ok: true, step: openStep(under) };
        // The announced size counts from now on, the resized upload's old size no longer: the
        // owner is locked (after its folder) so two starts at once cannot both spend the rest.
        await store.lockOwner(ownerKey);
        const held = await store.bytesHeld(ownerKey, nowMs - UPLOAD_WINDOW_MS, under?.key);
        if (held + args.size > app.config.uploads.bytesPerCustomerPerDay) {
          const refusal = overByteBudget(app.config.uploads);
          return refuse(refusal.code, refusal.message);
        }
        if (under) {
          if (busy.has(under.key)) return refuse('conflict', uploadMessages.busy);
          await sessions.restart(under.key, args.size, nowMs);
          writeFileSync(partOf(under.key), new Uint8Array());
          return { ok: true, step: openStep({ ...under, size: args.size, received: 0 }) };
        }
        const taken =
          (await store.filesIn(ownerKey, folder.key)).length +
          (await sessions.countIn(ownerKey, folder.key));
        if (taken >= CLAIM_MAX_FILES)
          return refuse('conflict', claimMessages.tooManyFiles(CLAIM_MAX_FILES));
        const session: UploadSession = {
          key: `us${randomBytes(12).toString('hex')}`,
          owner_key: ownerKey,
          folder_key: folder.key,
          file_name: args.fileName,
          size: args.size,
          received: 0,
          ext: null,
          created_at: nowMs,
          updated_at: nowMs,
        };
        writeFileSync(partOf(session.key), new Uint8Array());
        await sessions.insert(session);
        return { ok: true, step: openStep(session) };
      })();
    },

    /** Where an upload stands, for a device that resumes. */
    async status(ownerKey: string, key: string): Promise<UploadResult> {
      const session = await sessions.get(ownerKey, key);
      return session
        ? { ok: true, step: openStep(session) }
        : refuse('not_found', uploadMessages.uploadNotFound);
    },

    /**
     * Stores the part of an upload that starts at `offset`. Before a byte of the body is read:
     * the upload is the caller's, no other part of it is arriving, and `offset` is where the
     * server stands (else the right offset). `readBody` then reads at most `limit` bytes: the
     * rest of the file, and no more than one part's cap.
     */
    async put(
      ownerKey: string,
      key: string,
      offset: number,
      readBody: (limit: number) => Promise<PartBody>,
    ): Promise<UploadResult> {
      const session = await sessions.get(ownerKey, key);
      if (!session) return refuse('not_found', uploadMessages.uploadNotFound);
      if (busy.has(key)) return refuse('conflict', uploadMessages.busy);
      if (offset !== session.received)
        return refuse('conflict', uploadMessages.wrongOffset(session.received), session.received);
      busy.add(key);
      try {
        const rest = session.size - session.received;
        const body = await readBody(Math.min(rest, MAX_UPLOAD_PART_BYTES));
        if (body.kind === 'interrupted')
          return refuse('invalid_request', uploadMessages.uploadInterrupted, session.received);
        if (body.kind === 'too_large')
          return rest <= MAX_UPLOAD_PART_BYTES
            ? refuse('invalid_request', uploadMessages.overrun)
            : refuse('payload_too_large', stemlineMessages.requestTooLarge);
        return await writePart(session, body.bytes);
      } finally {
        busy.delete(key);
      }
    },
  };

  async function writePart(session: UploadSession, bytes: Buffer): Promise<UploadResult> {
    if (bytes.length === 0) return refuse('invalid_request', uploadMessages.emptyPart);
    const end = session.received + bytes.length;
    if (end > session.size) return refuse('invalid_request', uploadMessages.overrun);
    const part = partOf(session.key);
    const handle = await open(part, 'r+');
    let head: Buffer | null = null;
    try {
      // Bytes past the stored offset are from a part that never completed: they do not count.
      await handle.truncate(session.received);
      await handle.write(bytes, 0, bytes.length, session.received);
      await handle.sync();
      if (session.ext === null) {
        head = Buffer.alloc(Math.min(end, UPLOAD_SNIFF_BYTES));
        await handle.read(head, 0, head.length, 0);
      }
    } finally {
      await handle.close();
    }
    let ext = session.ext;
    if (head) {
      // Decided as soon as the content shows its type; refused once 4,100 bytes show none.
      const kind = await sniffFileKind(head);
      if (!kind && end >= Math.min(session.size, UPLOAD_SNIFF_BYTES)) {
        await drop(session.key);
        return refuse('invalid_request', claimMessages.fileTypeNotAllowed);
      }
      if (kind && session.size > kind.maxBytes) {
        await drop(session.key);
        return refuse(
          'payload_too_large',
          claimMessages.fileTooLarge(
            kind.kind === 'image' ? 'photo' : 'video',
            kind.maxBytes / 1024 / 1024,
          ),
        );
      }
      ext = kind?.ext ?? null;
    }
    const nowMs = app.now();
    if (!(await sessions.advance(session.key, session.received, end, ext, nowMs)))
      return refuse('conflict', uploadMessages.busy);
    if (end < session.size) return { ok: true, step: openStep({ ...session, received: end }) };
    return finish({ ...session, received: end, ext }, part, nowMs);
  }

  async function finish(
    session: UploadSession,
    part: string,
    nowMs: number,
  ): Promise<UploadResult> {
    const handle = await open(part, 'r');
    const head = Buffer.alloc(Math.min(session.size, UPLOAD_SNIFF_BYTES));
    try {
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
    // The whole file's start decides what it is stored as (a first part may have shown less).
    const kind = await sniffFileKind(head);
    if (!kind || session.size > kind.maxBytes) {
      await drop(session.key);
      return kind
        ? refuse(
            'payload_too_large',
            claimMessages.fileTooLarge(
              kind.kind === 'image' ? 'photo' : 'video',
              kind.maxBytes / 1024 / 1024,
            ),
          )
        : refuse('invalid_request', claimMessages.fileTypeNotAllowed);
    }
    const stored = await app.transactional(async () => {
      const saved = await store.saveFile(
        {
          owner_key: session.owner_key,
          folder_key: session.folder_key,
          file_name: session.file_name,
          kind: kind.kind,
          ext: kind.ext,
          mime: kind.mime,
          bytes: session.size,
          created_at: nowMs,
        },
        part,
      );
      await sessions.delete(session.key);
      return saved;
    })();
    return { ok: true, step: doneStep(stored) };
  }
}
export type ChunkedUploads = ReturnType<typeof createChunkedUploads>;
