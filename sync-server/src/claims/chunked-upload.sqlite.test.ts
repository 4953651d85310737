import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimMessages,
  MAX_PHOTO_BYTES,
  MAX_UPLOAD_PART_BYTES,
  MAX_VIDEO_BYTES,
  stemlineMessages,
  uploadMessages,
  uploadStepAnswerSchema,
  type Claim,
  type UploadStep,
} from '@stemline/shared';
import { ARRIVED_ORDER, claimCalls, pngPhoto } from '../test-support/claim-fixture';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const MB = 1024 * 1024;

/** An MP4 as a camera writes it: an `ftyp` box (brand isom) then `bytes` of media data. */
function mp4Video(bytes: number): Buffer {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'ascii'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'ascii'),
  ]);
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('chunked, resumable uploads of claim videos (issue 24)', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let calls: ReturnType<typeof claimCalls>;
  let serial = 0;
  const folderName = () => `chunked-${(serial += 1)}-folder`;

  const partsDir = () => path.join(t.dataDir, 'upload-parts');
  /** Everything an upload can write: a refused call must leave all of it as it was. */
  const state = async () => ({
    sessions: await t.sql.all('SELECT * FROM upload_sessions ORDER BY key'),
    uploads: await t.sql.all('SELECT * FROM uploads ORDER BY key'),
    files: readdirSync(path.join(t.dataDir, 'uploads')).sort(),
    parts: readdirSync(partsDir())
      .sort()
      .map((name) => [name, statSync(path.join(partsDir(), name)).size]),
  });

  const start = (token: string, folderKey: string, fileName: string, size: number) =>
    t.post<{ result: UploadStep; error?: string }>(
      '/api/uploads',
      { folderKey, fileName, size },
      token,
    );
  async function put(token: string | null, uploadId: string, offset: number, bytes: Uint8Array) {
    const response = await fetch(`${t.url}/api/uploads/${uploadId}?offset=${offset}`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/octet-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: bytes,
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        result?: UploadStep;
        error?: string;
        offset?: number;
      },
    };
  }
  async function openUpload(token: string, fileName: string, size: number) {
    const folder = await calls.folder(token, folderName());
    const started = await start(token, folder, fileName, size);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const step = uploadStepAnswerSchema.parse(started.body).result;
    if (step.state !== 'open') throw new Error('expected an open upload');
    return { folder, id: step.uploadId };
  }
  /** Sends `bytes` from `offset` in parts of `partBytes`; answers the last step. */
  async function sendFrom(
    token: string,
    id: string,
    bytes: Buffer,
    offset: number,
    partBytes: number,
  ): Promise<UploadStep> {
    let step: UploadStep | undefined;
    for (let at = offset; at < bytes.length; at += partBytes) {
      const answer = await put(token, id, at, bytes.subarray(at, at + partBytes));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      step = answer.body.result;
    }
    if (!step) throw new Error('nothing sent');
    return step;
  }
  /** Starts a PUT of `declared` bytes, sends `sent` of them, and drops the connection. */
  function interruptedPut(token: string, id: string, offset: number, part: Buffer, sent: number) {
    return new Promise<void>((resolve) => {
      const url = new URL(`${t.url}/api/uploads/${id}?offset=${offset}`);
      const request = httpRequest(url, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(part.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(part.subarray(0, sent), () => {
        // Give the server the bytes, then vanish as a phone losing its signal does.
        setTimeout(() => request.destroy(), 50);
      });
    });
  }
  /** Where the server stands once it has noticed a lost connection (a part at 0 probes it). */
  async function standsAt(token: string, id: string): Promise<number | undefined> {
    for (let tries = 0; tries < 100; tries += 1) {
      const probe = await put(token, id, 0, new Uint8Array(1));
      if (probe.body.error !== uploadMessages.busy) return probe.body.offset;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the upload stayed busy');
  }

  beforeAll(async () => {
    t = await startTestServer();
    calls = claimCalls(t);
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('a 16 MB video, too big for the JSON upload, goes up in raw parts and files a claim', async () => {
    const video = mp4Video(16 * MB + 12_345);
    const claimKey = 'chunked-claim-video-1';
    const folder = await calls.folder(florist, claimKey);
    const started = uploadStepAnswerSchema.parse(
      (await start(florist, folder, 'clip.mov', video.length)).body,
    ).result;
    if (started.state !== 'open') throw new Error('expected an open upload');
    expect(started.offset).toBe(0);
    const last = await sendFrom(florist, started.uploadId, video, 0, 4 * MB);
    expect(last).toMatchObject({
      state: 'done',
      upload: { kind: 'video', type: 'mp4', bytes: video.length },
    });
    if (last.state !== 'done') throw new Error('not done');
    const served = await fetch(`${t.url}/api/images/${last.upload.key}`, {
      headers: { Authorization: `Bearer ${florist}` },
    });
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(video));
    expect(readdirSync(partsDir())).toEqual([]);

    const filed = await calls.run(florist, 'claim_finish', {
      claim_key: claimKey,
      order_key: ARRIVED_ORDER,
      folder_key: folder,
      lines: [{ line_no: 1, units: 1 }],
      reason: 'Broken stems',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect((filed.body as { result: Claim }).result.files).toEqual([
      expect.objectContaining({ kind: 'video', type: 'mp4', bytes: video.length }),
    ]);

    // Starting the same file again answers the stored file, not a second copy.
    const again = uploadStepAnswerSchema.parse(
      (await start(florist, folder, 'clip.mov', video.length)).body,
    ).result;
    expect(again).toEqual(last);
  });

  it('an interrupted upload goes on from the last part stored, not from the start', async () => {
    const video = mp4Video(3 * MB + 777);
    const { folder, id } = await openUpload(florist, 'interrupted.mp4', video.length);
    const first = await put(florist, id, 0, video.subarray(0, MB));
    expect(first.body.result).toMatchObject({ state: 'open', offset: MB });

    // The second part is cut off half-way: none of it counts.
    await interruptedPut(florist, id, MB, video.subarray(MB, 2 * MB), MB / 2);
    expect(await standsAt(florist, id)).toBe(MB);

    // A device that lost the upload's id finds it again by the file's name, where it stood.
    const found = uploadStepAnswerSchema.parse(
      (await start(florist, folder, 'interrupted.mp4', video.length)).body,
    ).result;
    expect(found).toEqual({ state: 'open', uploadId: id, offset: MB, size: video.length });

    const last = await sendFrom(florist, id, video, MB, MB);
    if (last.state !== 'done') throw new Error('not done');
    const served = await fetch(`${t.url}/api/images/${last.upload.key}`, {
      headers: { Authorization: `Bearer ${florist}` },
    });
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(video));
  });

  it('a part at the wrong offset is refused with the offset to go on from; nothing changes', async () => {
    const video = mp4Video(2 * MB);
    const { id } = await openUpload(florist, 'offsets.mp4', video.length);
    expect((await put(florist, id, 0, video.subarray(0, MB))).status).toBe(200);
    for (const offset of [0, MB - 1, MB + 1, 2 * MB]) {
      const before = await state();
      const answer = await put(florist, id, offset, video.subarray(offset, offset + 1000));
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: uploadMessages.wrongOffset(MB), offset: MB });
      expect(await state()).toEqual(before);
    }
  });

  describe('as an attacker would try it: a clear 4xx, and nothing stored', () => {
    let victimId = '';
    let victimFolder = '';
    beforeAll(async () => {
      const video = mp4Video(2 * MB);
      const opened = await openUpload(florist, 'victim.mp4', video.length);
      victimId = opened.id;
      victimFolder = opened.folder;
      expect((await put(florist, victimId, 0, video.subarray(0, MB))).status).toBe(200);
    });

    const refusals: [string, () => Promise<{ status: number; body: unknown }>, number, string][] = [
      [
        'a part sent to another customer’s upload id',
        () => put(newbuyer, victimId, MB, mp4Video(MB)),
        404,
        uploadMessages.uploadNotFound,
      ],
      [
        'asking where another customer’s upload stands',
        () => t.get(`/api/uploads/${victimId}`, newbuyer),
        404,
        uploadMessages.uploadNotFound,
      ],
      [
        'starting an upload in another customer’s folder',
        () => start(newbuyer, victimFolder, 'victim.mp4', 2 * MB),
        404,
        claimMessages.folderNotFound,
      ],
      [
        'a part with no session',
        () => put(null, victimId, MB, mp4Video(MB)),
        401,
        stemlineMessages.unauthorized,
      ],
      [
        'a video announced over 200 MB',
        async () => {
          const folder = await calls.folder(florist, folderName());
          return start(florist, folder, 'huge.mp4', MAX_VIDEO_BYTES + 1);
        },
        413,
        claimMessages.fileTooLarge('video', 200),
      ],
    ];
    it.each(refusals)('%s', async (_name, attempt, status, message) => {
      const before = await state();
      const answer = await attempt();
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(JSON.stringify(answer.body)).toContain(message);
      expect(await state()).toEqual(before);
    });

    const hostileParts: [string, number, () => Buffer, number, string][] = [
      [
        'a Windows program renamed .mp4',
        700_000,
        () =>
          Buffer.concat([
            Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
            randomBytes(700_000 - 8),
          ]),
        400,
        claimMessages.fileTypeNotAllowed,
      ],
      [
        'an HTML page renamed .mp4',
        60,
        () => Buffer.from('<!doctype html><html><script>alert(1)</script></html>'.padEnd(60)),
        400,
        claimMessages.fileTypeNotAllowed,
      ],
      [
        'a photo announced over 15 MB',
        MAX_PHOTO_BYTES + 1,
        () => pngPhoto(4),
        413,
        claimMessages.fileTooLarge('photo', 15),
      ],
      ['more bytes than announced', 5000, () => mp4Video(6000), 400, uploadMessages.overrun],
      [
        'a part over the part cap',
        MAX_UPLOAD_PART_BYTES * 2,
        () => mp4Video(MAX_UPLOAD_PART_BYTES + 1),
        413,
        stemlineMessages.requestTooLarge,
      ],
      ['an empty part', 5000, () => Buffer.alloc(0), 400, uploadMessages.emptyPart],
    ];
    it.each(hostileParts)('%s', async (_name, size, content, status, message) => {
      const folder = await calls.folder(florist, folderName());
      const before = await state();
      const started = uploadStepAnswerSchema.parse(
        (await start(florist, folder, 'clip.mp4', size)).body,
      ).result;
      if (started.state !== 'open') throw new Error('expected an open upload');
      const answer = await put(florist, started.uploadId, 0, content());
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.error).toBe(message);
      const after = await state();
      expect(after.uploads).toEqual(before.uploads);
      expect(after.files).toEqual(before.files);
      const left = (
        await t.sql.one<{ received: number }>(
          'SELECT received FROM upload_sessions WHERE key = ?',
          [started.uploadId],
        )
      )?.received;
      // Refused by its content: dropped with its bytes. Refused by its size: nothing kept of it.
      if (status === 413 && message !== stemlineMessages.requestTooLarge) {
        expect(left).toBeUndefined();
        expect(existsSync(path.join(partsDir(), `${started.uploadId}.part`))).toBe(false);
      } else if (message === claimMessages.fileTypeNotAllowed) {
        expect(left).toBeUndefined();
        expect(existsSync(path.join(partsDir(), `${started.uploadId}.part`))).toBe(false);
      } else {
        expect(left).toBe(0);
        expect(statSync(path.join(partsDir(), `${started.uploadId}.part`)).size).toBe(0);
      }
    });

    it('an offset that is not a whole byte count is refused', async () => {
      const before = await state();
      for (const offset of ['-1', 'abc', '1.5'])
        expect(
          (
            await fetch(`${t.url}/api/uploads/${victimId}?offset=${offset}`, {
              method: 'PUT',
              headers: { Authorization: `Bearer ${florist}` },
              body: new Uint8Array(10),
            })
          ).status,
        ).toBe(400);
      expect(await state()).toEqual(before);
    });
  });
});
