import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadMessages } from '@stemline/shared';
import { claimCalls } from '../test-support/claim-fixture';
import { gate } from '../test-support/gate';
import { onPostgres } from '../test-support/test-database';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const KB = 1024;
const DAY_MS = 24 * 3600_000;
/** The limits these tests set: 1 MiB and 3 folders a customer in 24 hours. */
const BUDGET_MB = 1;
const FOLDERS = 3;

/** A JPEG as `file-type` reads it (its start), padded with noise to `bytes`. */
function jpegPhoto(bytes: number): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(bytes - 4)]);
}

describe('upload limits of a customer in 24 hours', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let calls: ReturnType<typeof claimCalls>;
  let serial = 0;
  const folder = (token: string) => calls.folder(token, `limits-${(serial += 1)}`);
  const start = (token: string, folderKey: string, fileName: string, size: number) =>
    t.post<{ error?: string }>('/api/uploads', { folderKey, fileName, size }, token);
  /** Everything an upload call can write: a refused one must leave all of it as it was. */
  const state = async () => ({
    folders: await t.sql.all('SELECT key FROM upload_folders ORDER BY key'),
    sessions: await t.sql.all('SELECT key, size FROM upload_sessions ORDER BY key'),
    uploads: await t.sql.all('SELECT key FROM uploads ORDER BY key'),
    files: readdirSync(path.join(t.dataDir, 'uploads')).sort(),
    parts: readdirSync(path.join(t.dataDir, 'upload-parts')).sort(),
  });
  const overBytes = uploadMessages.dailyBytesSpent(BUDGET_MB);

  beforeEach(async () => {
    t = await startTestServer({
      env: {
        UPLOAD_MB_PER_CUSTOMER_PER_DAY: String(BUDGET_MB),
        UPLOAD_FOLDERS_PER_CUSTOMER_PER_DAY: String(FOLDERS),
      },
    });
    florist = await t.login(accounts.florist);
    newbuyer = await t.login(accounts.newbuyer);
    calls = claimCalls(t);
  }, 60_000);
  afterEach(async () => {
    await t.stop();
  }, 60_000);

  it('refuses a photo past the bytes of the day, stores none of it, and lets it through a day later', async () => {
    const first = await calls.upload(florist, await folder(florist), 'a.jpg', jpegPhoto(600 * KB));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Another folder, another file name: the budget is the customer's, not the folder's.
    const other = await folder(florist);
    const before = await state();
    const refused = await calls.upload(florist, other, 'b.jpg', jpegPhoto(600 * KB));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: overBytes });
    expect(await state()).toEqual(before);
    // What still fits, fits.
    const small = await calls.upload(florist, other, 'c.jpg', jpegPhoto(300 * KB));
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    // Another customer has a budget of its own.
    const theirs = await calls.upload(
      newbuyer,
      await folder(newbuyer),
      'a.jpg',
      jpegPhoto(900 * KB),
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    // The window rolls: a minute short of a day after the first file it still counts...
    t.clock.advance(DAY_MS - 60_000);
    expect((await calls.upload(florist, other, 'd.jpg', jpegPhoto(600 * KB))).status).toBe(429);
    // ...and once it is more than a day old, its bytes are free again.
    t.clock.advance(60_001);
    const later = await calls.upload(florist, other, 'd.jpg', jpegPhoto(600 * KB));
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it('counts the announced size of uploads under way, and refuses a start past the budget', async () => {
    const first = await folder(florist);
    const opened = await start(florist, first, 'a.mp4', 700 * KB);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const other = await folder(florist);
    const before = await state();
    // Not a byte was sent, yet the 700 KB announced are held: a second start past it is refused,
    const refused = await start(florist, other, 'b.mp4', 400 * KB);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: overBytes });
    // ...as is a photo sent whole,
    expect((await calls.upload(florist, other, 'b.jpg', jpegPhoto(400 * KB))).status).toBe(429);
    // ...and so is the open upload announced again, larger than the budget.
    expect((await start(florist, first, 'a.mp4', 1100 * KB)).status).toBe(429);
    expect(await state()).toEqual(before);
    // Announced again within the budget, its old size no longer counts against the new one.
    expect((await start(florist, first, 'a.mp4', 1000 * KB)).status).toBe(200);
    // Another customer starts as if the florist had uploaded nothing.
    expect((await start(newbuyer, await folder(newbuyer), 'a.mp4', 1000 * KB)).status).toBe(200);
  });

  it('lets one of two starts at once spend the last bytes, never both', async () => {
    const [one, two] = [await folder(florist), await folder(florist)];
    const answers = await Promise.all([
      start(florist, one, 'a.mp4', 600 * KB),
      start(florist, two, 'b.mp4', 600 * KB),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await t.sql.all('SELECT key FROM upload_sessions')).toHaveLength(1);
  });

  it.runIf(onPostgres)(
    'two starts on two nodes count each other: each waits for the owner, then the second is refused',
    async () => {
      const [one, two] = [await folder(florist), await folder(florist)];
      const owner = (await t.sql.one<{ owner_key: string }>('SELECT owner_key FROM upload_folders'))
        ?.owner_key;
      // A transaction of the test's own holds the owner's upload lock: both starts must queue
      // behind it with their folders locked, then run one after the other when it ends.
      const released = gate();
      const holding = gate();
      const holder = t.server.context.engine.transaction(async (tx) => {
        await tx.one('SELECT pg_advisory_xact_lock(hashtext(?))', [`uploads:${owner}`]);
        holding.open();
        await released.opened;
      });
      await holding.opened;
      const answers = [
        start(florist, one, 'a.mp4', 600 * KB),
        start(florist, two, 'b.mp4', 600 * KB),
      ];
      try {
        for (;;) {
          const row = await t.sql.one<{ n: number }>(
            `SELECT COUNT(*) AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if ((row?.n ?? 0) >= 2) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        released.open();
        await holder;
      }
      const statuses = (await Promise.all(answers)).map((answer) => answer.status);
      expect(statuses.sort()).toEqual([200, 429]);
      expect(await t.sql.all('SELECT key FROM upload_sessions')).toHaveLength(1);
    },
  );

  it('keeps one of two photos sent at once when only one fits, and no bytes of the other', async () => {
    const [one, two] = [await folder(florist), await folder(florist)];
    const answers = await Promise.all([
      calls.upload(florist, one, 'a.jpg', jpegPhoto(600 * KB)),
      calls.upload(florist, two, 'b.jpg', jpegPhoto(600 * KB)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    const after = await state();
    expect(after.uploads).toHaveLength(1);
    expect(after.files).toHaveLength(1);
  });

  it('counts a finished chunked upload for a day from when it was stored', async () => {
    const photo = jpegPhoto(600 * KB);
    const key = await folder(florist);
    const opened = await start(florist, key, 'a.jpg', photo.length);
    const id = (opened.body as { result: { uploadId: string } }).result.uploadId;
    const sent = await fetch(`${t.url}/api/uploads/${id}?offset=0`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${florist}`, 'Content-Type': 'application/octet-stream' },
      body: photo,
    });
    expect(sent.status).toBe(200);
    expect(await t.sql.all('SELECT key FROM upload_sessions')).toEqual([]);
    expect((await start(florist, key, 'b.mp4', 600 * KB)).status).toBe(429);
    t.clock.advance(DAY_MS + 1);
    expect((await start(florist, key, 'b.mp4', 600 * KB)).status).toBe(200);
  });

  it('refuses a folder past the folders of the day, and lets it be made a day later', async () => {
    for (let made = 0; made < FOLDERS; made += 1) await folder(florist);
    const before = await state();
    const refused = await t.post('/api/folder/create', { folderName: 'one-too-many' }, florist);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      error: uploadMessages.dailyFoldersSpent(FOLDERS),
    });
    expect(await state()).toEqual(before);
    // A folder already made is found again (a retried claim), not counted again.
    const again = await t.post('/api/folder/create', { folderName: `limits-${serial}` }, florist);
    expect(again.status).toBe(200);
    // Another customer makes its own.
    await folder(newbuyer);
    t.clock.advance(DAY_MS + 1);
    const later = await t.post('/api/folder/create', { folderName: 'one-too-many' }, florist);
    expect(later.status).toBe(200);
  });
});
