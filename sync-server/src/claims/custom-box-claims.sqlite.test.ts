import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimMessages,
  creditMessages,
  centsToDollars,
  dollarsToCents,
  formatCents,
  type Claim,
  type ClaimableLine,
  type InDollars,
  type Order,
} from '@stemline/shared';
import { ARRIVED_ORDER, claimCalls } from '../test-support/claim-fixture';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const HOUR = 3600_000;
const CUSTOMER = 'c-bennett';
/** A copy of the arrived order whose boxes have not arrived or were cancelled. */
const WAITING_ORDER = 'o-box-waiting';

/**
 * Claims on ordered custom boxes (issue 24): each bunch line of an arrived box is claimed like a
 * regular order line, under the same rules, and refused the same way.
 */
describe('claims on custom-box bunch lines', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  let calls: ReturnType<typeof claimCalls>;
  /** From `claim_setup`, a spec call: prices in dollars. */
  let boxLines: InDollars<ClaimableLine>[] = [];
  let arrived: Order;
  let firstClaim = '';
  let serial = 0;
  const claimKey = () => `box-claim-${(serial += 1)}-abc`;

  const state = async () => ({
    claims: await t.sql.all(
      'SELECT customer_key, key, doc, seq, deleted FROM claims ORDER BY customer_key, key',
    ),
    orders: await t.sql.all('SELECT key, doc, seq FROM orders ORDER BY key'),
    ledger: await t.sql.all('SELECT * FROM account_entries ORDER BY key'),
  });
  async function file(
    token: string,
    lines: { line_no: number; units: number }[],
    options: { photos?: number; order?: string } = {},
  ) {
    const key = claimKey();
    const folder = await calls.folderWithPhotos(token, key, options.photos ?? 4);
    const answer = await calls.run(token, 'claim_finish', {
      claim_key: key,
      order_key: options.order ?? ARRIVED_ORDER,
      folder_key: folder,
      lines,
      reason: 'Broken stems',
      comment: 'Bunches crushed in the box',
    });
    return { key, answer };
  }
  const setupLines = async (token: string, orderKey: string) =>
    (
      (await calls.run(token, 'claim_setup', { order_key: orderKey })).body as {
        result: { lines: InDollars<ClaimableLine>[] };
      }
    ).result.lines;

  beforeAll(async () => {
    t = await startTestServer();
    calls = claimCalls(t);
    [florist, newbuyer, manager] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
    ]);
    const { orders } = t.server.context.repos;
    const found = await orders.get(CUSTOMER, ARRIVED_ORDER);
    if (!found) throw new Error('the seed lacks the arrived order');
    arrived = found;
    const [box] = arrived.custom_boxes;
    if (!box) throw new Error('the seed lacks the arrived custom box');
    // One box still on its way (a week out, nothing recorded), one cancelled.
    await orders.insert(
      CUSTOMER,
      {
        ...arrived,
        key: WAITING_ORDER,
        number: 'PO-BOX-WAITING',
        custom_boxes: [
          { ...box, box_key: 'cb-waiting', eta_date: 20261125, fulfillment: undefined },
          { ...box, box_key: 'cb-cancelled', status: 'cancelled', cancelled_at: t.clock.now },
        ],
      },
      0,
    );
    boxLines = (await setupLines(florist, ARRIVED_ORDER)).filter((line) => line.box_key !== null);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('claim_setup lists each bunch line of an arrived box, claimable, with its units and price', () => {
    const [box] = arrived.custom_boxes;
    expect(box?.items.length).toBeGreaterThan(0);
    expect(boxLines).toHaveLength(box?.items.length ?? 0);
    const lastLine = Math.max(...arrived.lines.map((line) => line.line_no));
    boxLines.forEach((line, index) => {
      const item = box?.items[index];
      const perBunch = item?.uom === 'bunch' ? 1 : (item?.stems_per_bunch ?? 0);
      expect(line).toMatchObject({
        line_no: lastLine + index + 1,
        box_key: box?.box_key,
        variety_name: item?.variety_name,
        units_delivered: (item?.bunches ?? 0) * perBunch,
        stem_price: centsToDollars(item?.stem_price_cents ?? 0),
        arrival: 'ARRIVED',
        claimable: true,
        reason: null,
      });
      expect(line.deadline).toBe((line.arrived_at ?? 0) + 48 * HOUR);
    });
  });

  it('files a claim on a bunch line, valued at that bunch line’s price', async () => {
    const line = boxLines[0] as InDollars<ClaimableLine>;
    const { key, answer } = await file(florist, [{ line_no: line.line_no, units: 3 }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    firstClaim = key;
    const claim = (answer.body as { result: InDollars<Claim> }).result;
    expect(claim.items).toEqual([
      expect.objectContaining({
        line_no: line.line_no,
        box_key: line.box_key,
        units_delivered: line.units_delivered,
        units_to_be_claimed: 3,
        unit_price: line.stem_price,
        total_claim: Math.round(line.stem_price * 3 * 100) / 100,
        variety_grade: line.variety_name,
      }),
    ]);
    expect((answer.body as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ arrival: 'ARRIVED', process: 'SUCCESS', error: null }),
    ]);
    const after = await setupLines(florist, ARRIVED_ORDER);
    expect(after.find((row) => row.line_no === line.line_no)).toMatchObject({
      claimable: false,
      open_claim: claim.number,
    });
  });

  describe('as an attacker would try it: refused, clearly, and nothing changes', () => {
    const refusals: [
      string,
      () => Promise<{ status: number; body: unknown }>,
      number,
      (() => string)?,
    ][] = [
      [
        'one unit more than the bunch line delivered',
        () =>
          file(florist, [
            {
              line_no: (boxLines[1] ?? boxLines[0])?.line_no ?? 0,
              units: ((boxLines[1] ?? boxLines[0])?.units_delivered ?? 0) + 1,
            },
          ]).then((f) => f.answer),
        400,
      ],
      [
        'a second claim on the same bunch line',
        () =>
          file(florist, [{ line_no: boxLines[0]?.line_no ?? 0, units: 1 }]).then((f) => f.answer),
        409,
        () => 'existing claim',
      ],
      [
        'the same bunch line twice in one claim',
        () => {
          const lineNo = (boxLines[1] ?? boxLines[0])?.line_no ?? 0;
          return file(florist, [
            { line_no: lineNo, units: 1 },
            { line_no: lineNo, units: 1 },
          ]).then((f) => f.answer);
        },
        400,
        () => claimMessages.lineTwice,
      ],
      [
        '3 photos and no video',
        () =>
          file(florist, [{ line_no: (boxLines[1] ?? boxLines[0])?.line_no ?? 0, units: 1 }], {
            photos: 3,
          }).then((f) => f.answer),
        400,
      ],
      [
        'another customer naming the florist’s box line',
        () =>
          file(newbuyer, [{ line_no: boxLines[0]?.line_no ?? 0, units: 1 }]).then((f) => f.answer),
        404,
        () => claimMessages.orderNotFound,
      ],
      [
        'a box not yet arrived',
        () =>
          file(florist, [{ line_no: boxLines[0]?.line_no ?? 0, units: 1 }], {
            order: WAITING_ORDER,
          }).then((f) => f.answer),
        409,
      ],
      [
        'a cancelled box',
        () =>
          file(
            florist,
            [{ line_no: (boxLines[0]?.line_no ?? 0) + (boxLines.length || 1), units: 1 }],
            { order: WAITING_ORDER },
          ).then((f) => f.answer),
        409,
      ],
      [
        'a bunch line past the last one of the box',
        () =>
          file(florist, [{ line_no: (boxLines.at(-1)?.line_no ?? 0) + 1, units: 1 }]).then(
            (f) => f.answer,
          ),
        404,
        () => claimMessages.lineNotOnOrder,
      ],
    ];

    it.each(refusals)('%s', async (_name, attempt, status, message) => {
      const before = await state();
      const answer = await attempt();
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (message) expect(JSON.stringify(answer.body)).toContain(message());
      expect(await state()).toEqual(before);
    });

    it('claim_setup of the waiting order says why its box lines wait', async () => {
      const lines = (await setupLines(florist, WAITING_ORDER)).filter(
        (line) => line.box_key !== null,
      );
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((line) => !line.claimable)).toBe(true);
      expect(lines.find((line) => line.box_key === 'cb-waiting')).toMatchObject({
        arrival: 'NOT_ARRIVED',
        reason: claimMessages.notArrived(lines[0]?.variety_name ?? ''),
      });
      expect(lines.find((line) => line.box_key === 'cb-cancelled')?.reason).toBe(
        claimMessages.lineCancelled(lines[0]?.variety_name ?? ''),
      );
    });

    it('staff credit a bunch-line claim up to that line’s value, not a cent more', async () => {
      const line = (boxLines[1] ?? boxLines[0]) as InDollars<ClaimableLine>;
      const units = Math.min(2, line.units_delivered);
      const { key, answer } = await file(florist, [{ line_no: line.line_no, units }]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const capCents = dollarsToCents(line.stem_price * units);
      const before = await state();
      const over = await calls.run(manager, 'claim_review', {
        customer: CUSTOMER,
        claim_key: key,
        decision: 'credited',
        amount_cents: capCents + 1,
      });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({
        error: creditMessages.creditAboveClaim(formatCents(capCents)),
      });
      expect(await state()).toEqual(before);
      const credited = await calls.run(manager, 'claim_review', {
        customer: CUSTOMER,
        claim_key: key,
        decision: 'credited',
        amount_cents: capCents,
      });
      expect(credited.status, JSON.stringify(credited.body)).toBe(200);
      expect((credited.body as { result: Claim }).result.credit_amount_cents).toBe(capCents);
    });

    it('past 48 hours after the box arrived its bunch lines can no longer be claimed', async () => {
      // Withdrawn, the first claim frees its line: only the clock can refuse it now.
      expect((await calls.run(florist, 'claim_delete', { claim_key: firstClaim })).status).toBe(
        200,
      );
      t.clock.advance(49 * HOUR);
      const before = await state();
      const { answer } = await file(florist, [{ line_no: boxLines[0]?.line_no ?? 0, units: 1 }]);
      expect(answer.status).toBe(409);
      expect((answer.body as { error: string }).error).toContain('48 hours');
      expect(await state()).toEqual(before);
      const lines = await setupLines(florist, ARRIVED_ORDER);
      expect(lines.filter((row) => row.box_key !== null).every((row) => !row.claimable)).toBe(true);
    });
  });
});
