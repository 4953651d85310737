import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimMessages, uploadMessages } from '@stemline/shared';
import { claimCalls } from '../test-support/claim-fixture';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/** An MP4 as a camera writes it: an `ftyp` box (brand isom) then random media bytes. */
function mp4Video(bytes: number): Buffer {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'ascii'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'ascii'),
  ]);
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

describe('GET /api/images/:key streams a stored file, with Range for video seeking', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  const video = mp4Video(2 * 1024 * 1024 + 333);
  let key = '';

  const fetchImage = async (token: string | null, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}/api/images/${key}`, {
      headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, manager] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
    ]);
    const calls = claimCalls(t);
    const folder = await calls.folder(florist, 'serving-folder-1');
    const stored = await calls.upload(florist, folder, 'clip.mp4', video);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    key = (stored.body as { result: { key: string } }).result.key;
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('the whole file, with its length and sniffed type, to its owner and to staff', async () => {
    for (const token of [florist, manager]) {
      const { response, bytes } = await fetchImage(token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect(response.headers.get('content-length')).toBe(String(video.length));
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(bytes.equals(video)).toBe(true);
    }
  });

  it.each([
    ['bytes=1000-1999', 1000, 1999],
    ['bytes=2097000-', 2097000, video.length - 1],
    ['bytes=-500', video.length - 500, video.length - 1],
    ['bytes=0-0', 0, 0],
    ['bytes=2097000-99999999', 2097000, video.length - 1],
  ])('a seek (%s) gets 206 and exactly those bytes', async (range, start, end) => {
    const { response, bytes } = await fetchImage(florist, { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(bytes.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=99999999-', `bytes=${2 * 1024 * 1024 + 333}-`, 'bytes=-0'])(
    'a range past the end (%s) is 416 with the file size, and no bytes',
    async (range) => {
      const { response, bytes } = await fetchImage(florist, { Range: range });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${video.length}`);
      expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({
        error: uploadMessages.rangeNotSatisfiable(video.length),
      });
    },
  );

  it('another customer, with or without a Range, gets the same 404 as a missing key; no bytes, no size', async () => {
    const missing = await fetch(`${t.url}/api/images/up000000000000000000000000`, {
      headers: { Authorization: `Bearer ${newbuyer}` },
    });
    const missingBody = await missing.text();
    expect(missing.status).toBe(404);
    for (const headers of [{}, { Range: 'bytes=0-99' }, { Range: 'bytes=99999999-' }]) {
      const { response, bytes } = await fetchImage(newbuyer, headers);
      expect(response.status).toBe(404);
      expect(bytes.toString('utf8')).toBe(missingBody);
      expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({
        error: claimMessages.claimNotFound,
      });
      expect(response.headers.get('content-range')).toBeNull();
      expect(response.headers.get('content-type')).not.toBe('video/mp4');
      expect(bytes.includes(video.subarray(0, 24))).toBe(false);
    }
  });

  it('no session gets 401 and no bytes, Range or not', async () => {
    for (const headers of [{}, { Range: 'bytes=0-99' }]) {
      const { response, bytes } = await fetchImage(null, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-range')).toBeNull();
      expect(bytes.includes(video.subarray(0, 24))).toBe(false);
    }
  });
});
