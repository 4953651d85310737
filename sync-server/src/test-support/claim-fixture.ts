import { deflateSync } from 'node:zlib';
import { RECENT_ORDER_KEYS } from '../orders/seed-recent-orders';
import type { TestServer } from './test-server';

/** The demo florist's seeded order that arrived three hours before the seed (in the claim window). */
export const ARRIVED_ORDER = RECENT_ORDER_KEYS.arrived;
export const SHIPPED_ORDER = RECENT_ORDER_KEYS.shipped;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `size`×`size` grey pixels, with `seed` in its pixels so each is different. */
export function pngPhoto(seed = 0, size = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((size + 1) * size, seed % 256);
  for (let row = 0; row < size; row += 1) rows[row * (size + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Calls of the claim flow as the PWA makes them. */
export function claimCalls(t: TestServer) {
  const run = (token: string, key: string, params: unknown) =>
    t.post('/api/cs/run', { key, params }, token);
  async function folder(token: string, folderName: string): Promise<string> {
    const answer = await t.post<{ result: { key: string } }>(
      '/api/folder/create',
      { folderName },
      token,
    );
    if (answer.status !== 200) throw new Error(`folder: ${JSON.stringify(answer.body)}`);
    return answer.body.result.key;
  }
  const upload = (token: string, folderKey: string, fileName: string, content: Buffer) =>
    t.post(
      '/api/images/upload',
      { fileName, fileContent: content.toString('base64'), folderKey },
      token,
    );
  /** A folder named after the claim, holding `photos` different PNGs. */
  async function folderWithPhotos(token: string, claimKey: string, photos = 4): Promise<string> {
    const key = await folder(token, claimKey);
    for (let index = 0; index < photos; index += 1) {
      const answer = await upload(token, key, `photo-${index}.png`, pngPhoto(index + 1));
      if (answer.status !== 200) throw new Error(`upload: ${JSON.stringify(answer.body)}`);
    }
    return key;
  }
  return { run, folder, upload, folderWithPhotos };
}
