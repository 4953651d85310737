import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimMessages, uploadMessages, type ClaimFinishArgs } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { openClaimPhotoDb, type ClaimDraft } from '../../storage/claim-photo-db';
import { memoryStorage } from '../../storage/memory-storage';
import { drainClaims, HELD_RETRY_MS, isHeld, retryHeldUploads } from './claim-uploader';

const args: Omit<ClaimFinishArgs, 'folder_key'> = {
  claim_key: 'claim-0002',
  order_key: 'o-1042',
  lines: [{ line_no: 1, units: 10 }],
  reason: 'Broken stems',
  comment: '',
};
const PHOTOS = ['p-1', 'p-2'];
/** The server's refusals, as its error middleware answers them (`rate_limited` is 429). */
const overBytes = uploadMessages.dailyBytesSpent(2048);
const overFolders = uploadMessages.dailyFoldersSpent(100);

/** An account database holding no claim: the draft's claim has not reached the server. */
const db = {
  claims: { findOne: () => ({ exec: () => Promise.resolve(null) }) },
} as unknown as AccountDb;

type Answer = { status: number; body: unknown };

describe('drainClaims on a server over the upload limit', () => {
  const photos = openClaimPhotoDb('c-claim-uploader-test');
  let answers: Record<'/api/folder/create' | '/api/uploads', Answer>;
  let asked: string[];

  async function fileDraft(folderKey: string | null): Promise<void> {
    const draft: ClaimDraft = {
      claimKey: args.claim_key,
      args,
      folderKey,
      state: 'waiting',
      orderNumber: 'PO-1042',
      createdAt: 1,
    };
    await photos.drafts.put(draft);
    for (const id of PHOTOS) {
      const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]);
      await photos.photos.put({
        id,
        claimKey: draft.claimKey,
        blob,
        kind: 'image',
        name: id,
        createdAt: 1,
      });
      await photos.uploads.put({
        photoId: id,
        claimKey: draft.claimKey,
        state: 'waiting',
        attempts: 0,
        uploadKey: null,
        error: null,
        updatedAt: 1,
        sentBytes: 0,
      });
    }
  }

  beforeEach(() => {
    asked = [];
    answers = {
      '/api/folder/create': { status: 200, body: { success: true, result: { key: 'f-9' } } },
      '/api/uploads': {
        status: 429,
        body: { success: false, error: overBytes, code: 'rate_limited' },
      },
    };
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    localStorage.setItem('stemline.public_token', 'test-token');
    vi.stubGlobal('window', { location: { origin: 'http://stemline.test' } });
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL) => {
        const path = url.pathname as keyof typeof answers;
        asked.push(path);
        const answer = answers[path];
        return Promise.resolve(
          new Response(JSON.stringify(answer.body), { status: answer.status }),
        );
      }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await Promise.all([photos.drafts.clear(), photos.photos.clear(), photos.uploads.clear()]);
  });

  it("holds a photo the server's daily limit refuses on the device, with the server's words", async () => {
    await fileDraft('f-1');
    await drainClaims(db, photos);
    const uploads = await photos.uploads.toArray();
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      // Neither refused for good nor waiting as if offline: held back, with the reason.
      expect(upload).toMatchObject({ state: 'waiting', error: overBytes });
      expect(isHeld(upload)).toBe(true);
      expect(upload.retryAt).toBe(Date.now() + HELD_RETRY_MS);
    }
    expect(await photos.photos.count()).toBe(2);
    expect((await photos.drafts.get(args.claim_key))?.state).toBe('waiting');
  });

  it('asks again only after the hour, or when the buyer presses Try again', async () => {
    await fileDraft('f-1');
    await drainClaims(db, photos);
    expect(asked).toEqual(['/api/uploads', '/api/uploads']);
    vi.setSystemTime(Date.now() + HELD_RETRY_MS - 60_000);
    await drainClaims(db, photos);
    expect(asked).toHaveLength(2);
    await retryHeldUploads(photos, args.claim_key);
    await drainClaims(db, photos);
    expect(asked).toHaveLength(4);
    vi.setSystemTime(Date.now() + HELD_RETRY_MS);
    await drainClaims(db, photos);
    expect(asked).toHaveLength(6);
    expect((await photos.uploads.toArray()).every(isHeld)).toBe(true);
  });

  it("holds a claim's files when its folder is refused, says why, and does not ask every 15 s", async () => {
    answers['/api/folder/create'] = {
      status: 429,
      body: { success: false, error: overFolders, code: 'rate_limited' },
    };
    await fileDraft(null);
    await drainClaims(db, photos);
    const uploads = await photos.uploads.toArray();
    expect(uploads.map((upload) => [upload.state, upload.error, isHeld(upload)])).toEqual([
      ['waiting', overFolders, true],
      ['waiting', overFolders, true],
    ]);
    expect((await photos.drafts.get(args.claim_key))?.folderKey).toBeNull();
    await drainClaims(db, photos);
    expect(asked).toEqual(['/api/folder/create']);
    // Room again: Try again makes the folder and sends on to the files.
    answers['/api/folder/create'] = {
      status: 200,
      body: { success: true, result: { key: 'f-9' } },
    };
    await retryHeldUploads(photos, args.claim_key);
    await drainClaims(db, photos);
    expect(asked).toEqual([
      '/api/folder/create',
      '/api/folder/create',
      '/api/uploads',
      '/api/uploads',
    ]);
    expect((await photos.drafts.get(args.claim_key))?.folderKey).toBe('f-9');
  });

  it('keeps a type refusal final: refused, never asked again, Try again or not', async () => {
    answers['/api/uploads'] = {
      status: 400,
      body: { success: false, error: claimMessages.fileTypeNotAllowed, code: 'invalid_request' },
    };
    await fileDraft('f-1');
    await drainClaims(db, photos);
    const uploads = await photos.uploads.toArray();
    expect(uploads.map((upload) => [upload.state, upload.error, isHeld(upload)])).toEqual([
      ['refused', claimMessages.fileTypeNotAllowed, false],
      ['refused', claimMessages.fileTypeNotAllowed, false],
    ]);
    await retryHeldUploads(photos, args.claim_key);
    vi.setSystemTime(Date.now() + HELD_RETRY_MS);
    await drainClaims(db, photos);
    expect(asked).toHaveLength(2);
    expect(await photos.photos.count()).toBe(2);
  });
});
