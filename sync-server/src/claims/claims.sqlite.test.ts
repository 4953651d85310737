import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimMessages,
  creditMessages,
  CLAIM_MONEY,
  dollarsToCents,
  formatCents,
  fromDollars,
  claimSchema,
  MAX_PHOTO_BYTES,
  pullAnswerSchema,
  stemlineMessages,
  type Claim,
  type InDollars,
} from '@stemline/shared';
import { ARRIVED_ORDER, claimCalls, pngPhoto, SHIPPED_ORDER } from '../test-support/claim-fixture';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const HOUR = 3600_000;

describe('claims on delivered flowers (issue 24)', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  let grower = '';
  let calls: ReturnType<typeof claimCalls>;
  let serial = 0;
  const claimKey = () => `claim-test-${(serial += 1)}-abc`;

  /** Everything a claim call can write: a refused call must leave all of it as it was. */
  const state = async () => ({
    claims: await t.sql.all(
      'SELECT customer_key, key, doc, seq, deleted FROM claims ORDER BY customer_key, key',
    ),
    uploads: await t.sql.all('SELECT * FROM uploads ORDER BY key'),
    folders: await t.sql.all('SELECT * FROM upload_folders ORDER BY key'),
    orders: await t.sql.all('SELECT key, doc, seq FROM orders ORDER BY customer_key, key'),
    files: readdirSync(path.join(t.dataDir, 'uploads')).sort(),
  });
  const ledger = () => t.sql.all('SELECT * FROM account_entries ORDER BY key');
  const args = (key: string, folderKey: string, lines = [{ line_no: 1, units: 5 }]) => ({
    claim_key: key,
    order_key: ARRIVED_ORDER,
    folder_key: folderKey,
    lines,
    reason: 'Broken stems',
    comment: 'Heads snapped in the box',
  });
  async function file(token: string, lines = [{ line_no: 1, units: 5 }], photos = 4) {
    const key = claimKey();
    const folder = await calls.folderWithPhotos(token, key, photos);
    return {
      key,
      folder,
      answer: await calls.run(token, 'claim_finish', args(key, folder, lines)),
    };
  }

  beforeAll(async () => {
    t = await startTestServer();
    calls = claimCalls(t);
    [florist, newbuyer, manager, grower] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
      t.login(accounts.grower),
    ]);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('claim_setup tells which lines of an order can be claimed, and until when', async () => {
    const arrived = await calls.run(florist, 'claim_setup', { order_key: ARRIVED_ORDER });
    expect(arrived.status).toBe(200);
    const lines = (arrived.body as { result: { lines: Record<string, unknown>[] } }).result.lines;
    // Its three order lines, then its custom box's two bunch lines.
    expect(lines.map((line) => line.box_key === null)).toEqual([true, true, true, false, false]);
    for (const line of lines) {
      expect(line).toMatchObject({ arrival: 'ARRIVED', claimable: true, reason: null });
      expect(line.deadline).toBe((line.arrived_at as number) + 48 * HOUR);
    }
    const shipped = await calls.run(florist, 'claim_setup', { order_key: SHIPPED_ORDER });
    const waiting = (shipped.body as { result: { lines: Record<string, unknown>[] } }).result.lines;
    expect(waiting.every((line) => line.arrival === 'NOT_ARRIVED' && !line.claimable)).toBe(true);
    const foreign = await calls.run(newbuyer, 'claim_setup', { order_key: ARRIVED_ORDER });
    expect(foreign.status).toBe(404);
  });

  it('files a claim with 4 photos: the spec’s results, columns and the synced document', async () => {
    const { key, answer } = await file(florist, [{ line_no: 1, units: 5 }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // A spec call: the claim's amounts in dollars, under the spec's column names.
    const body = answer.body as { result: InDollars<Claim>; results: unknown[] };
    const claim = claimSchema.parse(fromDollars(body.result, CLAIM_MONEY));
    expect(body.results).toEqual([
      expect.objectContaining({
        arrival: 'ARRIVED',
        order: ARRIVED_ORDER,
        process: 'SUCCESS',
        error: null,
      }),
    ]);
    expect(claim).toMatchObject({ key, status: 'submitted', order_key: ARRIVED_ORDER });
    expect(claim.files.map((f) => f.kind)).toEqual(['image', 'image', 'image', 'image']);
    expect(claim.items[0]).toMatchObject({
      line_no: 1,
      units_to_be_claimed: 5,
      process: 'SUCCESS',
    });
    const [item] = body.result.items;
    for (const column of [
      'arrival_date',
      'grower',
      'uom',
      'product_group',
      'variety_grade',
      'length',
      'total_claim',
    ])
      expect(item).toHaveProperty(column);
    expect(item?.product_group).not.toBe('');
    expect(item?.total_claim).toBe(Math.round((item?.unit_price ?? 0) * 5 * 100) / 100);

    const pulled = pullAnswerSchema.parse(
      (await t.get('/api/sync/pull/claims?checkpoint=0', florist)).body,
    );
    expect(pulled.documents.map((doc) => doc.key)).toContain(key);
    const others = pullAnswerSchema.parse(
      (await t.get('/api/sync/pull/claims?checkpoint=0', newbuyer)).body,
    );
    expect(others.documents).toEqual([]);
    expect((await calls.run(florist, 'claim_detail', { claim_key: key })).status).toBe(200);
  });

  it('takes one video instead of 4 photos, its type read from its content', async () => {
    // An MP4's first box ('ftyp', brand isom), named as if it were a photo.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'ascii'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2', 'ascii'),
      Buffer.alloc(2048, 0),
    ]);
    const key = claimKey();
    const folder = await calls.folder(florist, key);
    const upload = await calls.upload(florist, folder, 'stems.jpg', mp4);
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect((upload.body as { result: { kind: string; type: string } }).result).toMatchObject({
      kind: 'video',
      type: 'mp4',
    });
    const answer = await calls.run(
      florist,
      'claim_finish',
      args(key, folder, [{ line_no: 3, units: 1 }]),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as { result: Claim }).result.files).toEqual([
      expect.objectContaining({ kind: 'video', type: 'mp4' }),
    ]);
    // Withdrawn again, so line 3 stays free for the tests below.
    expect((await calls.run(florist, 'claim_delete', { claim_key: key })).status).toBe(200);
  });

  describe('as an attacker would try it: refused, clearly, and nothing changes', () => {
    let victimClaim = '';
    let victimFolder = '';
    let victimFile = '';
    beforeAll(async () => {
      const filed = await file(florist, [{ line_no: 2, units: 1 }]);
      expect(filed.answer.status).toBe(200);
      victimClaim = filed.key;
      victimFolder = filed.folder;
      victimFile = (filed.answer.body as { result: Claim }).result.files[0]?.key ?? '';
    });

    const refusals: [string, () => Promise<{ status: number; body: unknown }>, number, string?][] =
      [
        [
          'another customer’s claim_detail',
          () => calls.run(newbuyer, 'claim_detail', { claim_key: victimClaim }),
          404,
          claimMessages.claimNotFound,
        ],
        [
          'another customer withdrawing the claim',
          () => calls.run(newbuyer, 'claim_delete', { claim_key: victimClaim }),
          404,
        ],
        [
          'another customer overwriting the claim by its key',
          async () => {
            const folder = await calls.folderWithPhotos(newbuyer, 'attacker-folder-1');
            return calls.run(newbuyer, 'claim_finish', args(victimClaim, folder));
          },
          404,
        ],
        [
          'a claim naming another customer’s order and folder',
          () => calls.run(newbuyer, 'claim_finish', args(claimKey(), victimFolder)),
          404,
        ],
        [
          'a claim naming another customer',
          () =>
            calls.run(newbuyer, 'claim_finish', {
              ...args(claimKey(), victimFolder),
              customer: 'c-bennett',
            }),
          403,
        ],
        [
          'uploading into another customer’s folder',
          () => calls.upload(newbuyer, victimFolder, 'x.png', pngPhoto(9)),
          404,
          claimMessages.folderNotFound,
        ],
        [
          'reading another customer’s photo',
          () => t.get(`/api/images/${victimFile}`, newbuyer),
          404,
        ],
        ['reading a photo with no session', () => t.get(`/api/images/${victimFile}`), 401],
        ['a path in the file key', () => t.get('/api/images/..%2F..%2Fjwt-secret', florist), 404],
        [
          'a path in the folder name',
          () => t.post('/api/folder/create', { folderName: '../../etc' }, florist),
          400,
        ],
        [
          'a parent folder of another customer',
          () =>
            t.post(
              '/api/folder/create',
              { folderName: 'sub-folder-1', parentKey: victimFolder },
              newbuyer,
            ),
          404,
        ],
        [
          'a line not yet arrived',
          async () => {
            const key = claimKey();
            const folder = await calls.folderWithPhotos(florist, key);
            return calls.run(florist, 'claim_finish', {
              ...args(key, folder),
              order_key: SHIPPED_ORDER,
            });
          },
          409,
        ],
        [
          'more units than delivered',
          () => file(florist, [{ line_no: 3, units: 100_000 }]).then((f) => f.answer),
          400,
        ],
        ['zero units', () => file(florist, [{ line_no: 3, units: 0 }]).then((f) => f.answer), 400],
        [
          'a second claim on a line',
          () => file(florist, [{ line_no: 2, units: 1 }]).then((f) => f.answer),
          409,
        ],
        [
          '3 photos and no video',
          () => file(florist, [{ line_no: 3, units: 1 }], 3).then((f) => f.answer),
          400,
        ],
        [
          'a line not on the order',
          () => file(florist, [{ line_no: 42, units: 1 }]).then((f) => f.answer),
          404,
        ],
      ];

    it.each(refusals)('%s', async (_name, attempt, status, message) => {
      const before = await state();
      const answer = await attempt();
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (message) expect(JSON.stringify(answer.body)).toContain(message);
      const after = await state();
      // Folders and photos a refused claim had uploaded beforehand stay; nothing else moves.
      expect(after.claims).toEqual(before.claims);
      expect(after.orders).toEqual(before.orders);
    });

    it('answers a second claim on a line with the duplicate-claim words and logs the event', async () => {
      const { answer } = await file(florist, [{ line_no: 2, units: 1 }]);
      const body = answer.body as { error: string; results: { process: string; error: string }[] };
      expect(body.error).toContain('existing claim');
      expect(body.results).toEqual([
        expect.objectContaining({ process: 'FAILED', error: body.error }),
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      const events = (
        await t.sql.all<{ error: string | null }>(
          'SELECT error FROM claim_events WHERE customer_key = ?',
          ['c-bennett'],
        )
      ).map((row) => row.error);
      expect(events).toContain(body.error);
    });

    const uploadRefusals: [string, () => Buffer, number, string][] = [
      [
        'an .exe named .png',
        () =>
          Buffer.concat([
            Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
            Buffer.alloc(600, 1),
          ]),
        400,
        claimMessages.fileTypeNotAllowed,
      ],
      [
        'an HTML page named .jpg',
        () => Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        400,
        claimMessages.fileTypeNotAllowed,
      ],
      [
        'an SVG image (not a spec type)',
        () =>
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        400,
        claimMessages.fileTypeNotAllowed,
      ],
      [
        'a photo a few bytes over 15 MB',
        () => Buffer.concat([pngPhoto(1), Buffer.alloc(MAX_PHOTO_BYTES)]),
        413,
        claimMessages.fileTooLarge('photo', 15),
      ],
      [
        'a body over the upload cap',
        () => Buffer.alloc(MAX_PHOTO_BYTES * 2),
        413,
        stemlineMessages.requestTooLarge,
      ],
    ];
    it.each(uploadRefusals)('upload of %s', async (_name, content, status, message) => {
      const folder = await calls.folder(florist, 'uploads-attack-1');
      const before = await state();
      const answer = await calls.upload(florist, folder, 'innocent.jpg', content());
      expect(answer.status).toBe(status);
      expect(JSON.stringify(answer.body)).toContain(message);
      expect(await state()).toEqual(before);
    });

    it('refuses an empty file and a file that is not base64', async () => {
      const folder = await calls.folder(florist, 'uploads-attack-1');
      const before = await state();
      const empty = await t.post(
        '/api/images/upload',
        { fileName: 'a.png', fileContent: '', folderKey: folder },
        florist,
      );
      expect(empty.status).toBe(400);
      const garbage = await t.post(
        '/api/images/upload',
        { fileName: 'a.png', fileContent: '%%%%', folderKey: folder },
        florist,
      );
      expect(garbage.status).toBe(400);
      const zero = await t.post(
        '/api/images/upload',
        { fileName: 'a.png', fileContent: '====', folderKey: folder },
        florist,
      );
      expect(zero.status).toBe(400);
      expect(await state()).toEqual(before);
    });

    it('serves a photo to its owner and to staff, typed by its content', async () => {
      const own = await t.request(`/api/images/${victimFile}`, { token: florist });
      expect(own.status).toBe(200);
      expect(own.headers.get('content-type')).toBe('image/png');
      expect(own.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await t.request(`/api/images/${victimFile}`, { token: manager })).status).toBe(200);
    });

    it('a retried upload of the same file answers the stored one, not a second copy', async () => {
      const folder = await calls.folder(florist, 'retry-folder-1');
      const first = await calls.upload(florist, folder, 'p-1.png', pngPhoto(3));
      const again = await calls.upload(florist, folder, 'p-1.png', pngPhoto(3));
      expect(again.body).toEqual(first.body);
      expect(
        Number(
          (
            await t.sql.one<{ n: number | string }>(
              'SELECT COUNT(*) AS n FROM uploads WHERE folder_key = ?',
              [folder],
            )
          )?.n,
        ),
      ).toBe(1);
    });

    it('staff review: buyers cannot decide, staff credits, the buyer is told, and it is locked', async () => {
      const forged = await calls.run(florist, 'claim_review', {
        customer: 'c-bennett',
        claim_key: victimClaim,
        decision: 'credited',
        amount_cents: 99_900,
      });
      expect(forged.status).toBe(403);
      // A credit is capped at what was claimed: a cent more is refused, and changes nothing.
      const claimed = (
        (await calls.run(florist, 'claim_detail', { claim_key: victimClaim })).body as {
          result: InDollars<Claim>;
        }
      ).result;
      const capCents = claimed.items.reduce(
        (sum, item) => sum + dollarsToCents(item.unit_price * item.units_to_be_claimed),
        0,
      );
      expect(capCents).toBe(dollarsToCents(claimed.total_claim));
      for (const amount of [capCents + 1, capCents + 100_000]) {
        const before = { ...(await state()), ledger: await ledger() };
        const over = await calls.run(manager, 'claim_review', {
          customer: 'c-bennett',
          claim_key: victimClaim,
          decision: 'credited',
          amount_cents: amount,
        });
        expect(over.status).toBe(400);
        expect(over.body).toMatchObject({
          error: creditMessages.creditAboveClaim(formatCents(capCents)),
        });
        expect({ ...(await state()), ledger: await ledger() }).toEqual(before);
      }
      const credited = await calls.run(manager, 'claim_review', {
        customer: 'c-bennett',
        claim_key: victimClaim,
        decision: 'credited',
        amount_cents: capCents,
      });
      expect(credited.status, JSON.stringify(credited.body)).toBe(200);
      expect((credited.body as { result: Claim }).result).toMatchObject({
        status: 'credited',
        credit_amount_cents: capCents,
      });
      const notices = (
        await t.sql.all<{ doc: string }>("SELECT doc FROM notices WHERE customer_key = 'c-bennett'")
      ).map((row) => row.doc);
      expect(notices.some((doc) => doc.includes('credited'))).toBe(true);
      const before = await state();
      const withdraw = await calls.run(florist, 'claim_delete', { claim_key: victimClaim });
      expect(withdraw.status).toBe(409);
      expect(await state()).toEqual(before);
    });
  });

  it('withdrawing a claim before review frees its line for a new claim', async () => {
    const first = await file(florist, [{ line_no: 3, units: 1 }]);
    expect(first.answer.status).toBe(200);
    expect((await calls.run(florist, 'claim_delete', { claim_key: first.key })).status).toBe(200);
    expect((await calls.run(florist, 'claim_detail', { claim_key: first.key })).status).toBe(404);
    const second = await file(florist, [{ line_no: 3, units: 2 }]);
    expect(second.answer.status).toBe(200);
  });

  describe('the order’s life', () => {
    it('carrier_tracking answers each row’s stage, arrival flag and tracking number', async () => {
      const answer = await calls.run(florist, 'carrier_tracking', { order_key: SHIPPED_ORDER });
      expect(answer.status).toBe(200);
      const lines = (answer.body as { result: { lines: Record<string, unknown>[] } }).result.lines;
      expect(lines[0]).toMatchObject({
        stage: 'shipped',
        arrival: 'NOT_ARRIVED',
        carrier: 'FedEx',
      });
      expect(lines[0]?.tracking_number).toMatch(/^\d{12}$/);
      expect(
        (await calls.run(newbuyer, 'carrier_tracking', { order_key: SHIPPED_ORDER })).status,
      ).toBe(404);
    });

    it('only staff and growers ship with a tracking number; then staff record the arrival', async () => {
      const ship = {
        customer: 'c-bennett',
        order_key: SHIPPED_ORDER,
        carrier: 'UPS',
        tracking_number: '1Z-999-AA',
      };
      const before = await state();
      expect((await calls.run(florist, 'order_ship', ship)).status).toBe(403);
      expect((await calls.run(newbuyer, 'order_arrive', ship)).status).toBe(403);
      expect(
        (await calls.run(grower, 'order_ship', { ...ship, tracking_number: '<script>' })).status,
      ).toBe(400);
      expect(await state()).toEqual(before);
      const shipped = await calls.run(grower, 'order_ship', ship);
      expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
      const tracked = await calls.run(florist, 'carrier_tracking', { order_key: SHIPPED_ORDER });
      expect((tracked.body as { result: { lines: unknown[] } }).result.lines[0]).toMatchObject({
        carrier: 'UPS',
        tracking_number: '1Z-999-AA',
      });
      expect(
        (
          await calls.run(manager, 'order_arrive', {
            customer: 'c-bennett',
            order_key: SHIPPED_ORDER,
          })
        ).status,
      ).toBe(200);
      const setup = await calls.run(florist, 'claim_setup', { order_key: SHIPPED_ORDER });
      const lines = (setup.body as { result: { lines: { arrival: string; claimable: boolean }[] } })
        .result.lines;
      expect(lines.every((line) => line.arrival === 'ARRIVED' && line.claimable)).toBe(true);
    });

    it('past 48 hours after arrival a line can no longer be claimed', async () => {
      t.clock.advance(49 * HOUR);
      const before = await state();
      const { answer } = await file(florist, [{ line_no: 1, units: 1 }]);
      expect(answer.status).toBe(409);
      expect((answer.body as { error: string }).error).toContain('48 hours');
      expect((await state()).claims).toEqual(before.claims);
    });
  });
});
