import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  marketToday,
  stemlineMessages,
  toEtaDate,
  type Order,
} from '@stemline/shared';
import { ARRIVED_ORDER, claimCalls, SHIPPED_ORDER } from '../test-support/claim-fixture';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const CUSTOMER = 'c-bennett';
/** Row 1 and a custom box of the demo grower's farm; row 2 and a custom box of another farm. */
const TWO_FARMS = 'o-two-farms';
/** Every row of another farm. */
const OTHER_FARM = 'o-other-farm';
/** Row 1 of the demo grower's farm, row 2 of another, arriving a week after the test's today. */
const NEXT_WEEK = 'o-next-week';

interface Journeys {
  lines: { line_no: number; carrier: string | null; tracking_number: string | null }[];
  boxes: { box_key: string }[];
}

/**
 * Staff-only order-life calls (issue 24): a grower login confirms, ships and records arrival of
 * its own farm's rows only; staff act on every row.
 */
describe('order_confirm / order_ship / order_arrive: a grower acts on its own farm only', () => {
  let t: TestServer;
  let grower = '';
  let manager = '';
  let florist = '';
  let calls: ReturnType<typeof claimCalls>;
  let farm = '';
  let otherFarm = '';
  const orders = () => t.server.context.repos.orders;
  const order = async (key: string): Promise<Order> => {
    const found = await orders().get(CUSTOMER, key);
    if (!found) throw new Error(`no order ${key}`);
    return found;
  };
  const state = async () => ({
    orders: await t.sql.all('SELECT key, doc, seq FROM orders ORDER BY customer_key, key'),
    lines: await t.sql.all('SELECT * FROM order_lines ORDER BY order_key, line_no'),
    boxes: await t.sql.all('SELECT * FROM order_box_items ORDER BY order_key, box_key'),
  });
  const ship = (orderKey: string, row?: number | string) => ({
    customer: CUSTOMER,
    order_key: orderKey,
    ...(typeof row === 'number' ? { line_no: row } : {}),
    ...(typeof row === 'string' ? { box_key: row } : {}),
    carrier: 'UPS',
    tracking_number: '1Z-FARM-0001',
  });

  beforeAll(async () => {
    t = await startTestServer();
    calls = claimCalls(t);
    [grower, manager, florist] = await Promise.all([
      t.login(accounts.grower),
      t.login(accounts.manager),
      t.login(accounts.florist),
    ]);
    farm =
      (
        await t.sql.one<{ grower_key: string | null }>(
          "SELECT grower_key FROM users WHERE key = 'u-grower'",
        )
      )?.grower_key ?? '';
    otherFarm =
      (
        await t.sql.one<{ key: string }>(
          'SELECT key FROM growers WHERE key <> ? ORDER BY key LIMIT 1',
          [farm],
        )
      )?.key ?? '';
    const shipped = await order(SHIPPED_ORDER);
    const [box] = (await order(ARRIVED_ORDER)).custom_boxes;
    const [first, second] = shipped.lines;
    if (!first || !second || !box) throw new Error('the seed lacks the recent orders');
    const base = { ...shipped, lines: [], custom_boxes: [] };
    await orders().insert(
      CUSTOMER,
      {
        ...base,
        key: TWO_FARMS,
        number: 'PO-TWO-FARMS',
        lines: [
          { ...first, grower_key: farm, fulfillment: undefined },
          { ...second, grower_key: otherFarm, fulfillment: undefined },
        ],
        custom_boxes: [
          { ...box, box_key: 'cb-own-farm', grower_key: farm, fulfillment: undefined },
          { ...box, box_key: 'cb-other-farm', grower_key: otherFarm, fulfillment: undefined },
        ],
      },
      0,
    );
    await orders().insert(
      CUSTOMER,
      {
        ...base,
        key: OTHER_FARM,
        number: 'PO-OTHER-FARM',
        lines: shipped.lines.map((line) => ({ ...line, grower_key: otherFarm })),
      },
      0,
    );
    const nextWeek = toEtaDate(marketToday(t.clock.now).add({ days: 7 }));
    await orders().insert(
      CUSTOMER,
      {
        ...base,
        key: NEXT_WEEK,
        number: 'PO-NEXT-WEEK',
        lines: [
          { ...first, grower_key: farm, eta_date: nextWeek, fulfillment: undefined },
          { ...second, grower_key: otherFarm, eta_date: nextWeek, fulfillment: undefined },
        ],
      },
      0,
    );
  });
  afterAll(async () => {
    await t.stop();
  });

  it('the demo grower login works for a farm that has a row on the demo florist’s shipped order', async () => {
    expect(farm).not.toBe('');
    expect(otherFarm).not.toBe('');
    expect((await order(SHIPPED_ORDER)).lines[0]?.grower_key).toBe(farm);
  });

  describe('as an attacker would try it: refused, clearly, and nothing changes', () => {
    const refusals: [string, () => Promise<{ status: number; body: unknown }>, number, string][] = [
      [
        'a grower ships another farm’s line',
        () => calls.run(grower, 'order_ship', ship(TWO_FARMS, 2)),
        403,
        stemlineMessages.forbidden,
      ],
      [
        'a grower confirms another farm’s line',
        () =>
          calls.run(grower, 'order_confirm', {
            customer: CUSTOMER,
            order_key: TWO_FARMS,
            line_no: 2,
          }),
        403,
        stemlineMessages.forbidden,
      ],
      [
        'a grower records the arrival of another farm’s line',
        () =>
          calls.run(grower, 'order_arrive', {
            customer: CUSTOMER,
            order_key: TWO_FARMS,
            line_no: 2,
          }),
        403,
        stemlineMessages.forbidden,
      ],
      [
        'a grower ships another farm’s custom box',
        () => calls.run(grower, 'order_ship', ship(TWO_FARMS, 'cb-other-farm')),
        403,
        stemlineMessages.forbidden,
      ],
      [
        'a grower names a box not on the order',
        () => calls.run(grower, 'order_ship', ship(TWO_FARMS, 'cb-none-such')),
        404,
        checkoutMessages.orderNotFound,
      ],
      [
        'a grower names its own line and another farm’s box at once',
        () => calls.run(grower, 'order_ship', { ...ship(TWO_FARMS, 1), box_key: 'cb-other-farm' }),
        400,
        'not both',
      ],
      [
        'a grower ships a whole order of another farm (answered as unknown)',
        () => calls.run(grower, 'order_ship', ship(OTHER_FARM)),
        404,
        checkoutMessages.orderNotFound,
      ],
      [
        'a grower ships a line of an order of another farm',
        () => calls.run(grower, 'order_ship', ship(OTHER_FARM, 1)),
        404,
        checkoutMessages.orderNotFound,
      ],
      [
        'a grower names another customer for the order',
        () => calls.run(grower, 'order_ship', { ...ship(TWO_FARMS, 1), customer: 'c-newbuyer' }),
        404,
        checkoutMessages.orderNotFound,
      ],
      [
        'a buyer ships its own order',
        () => calls.run(florist, 'order_ship', ship(TWO_FARMS, 1)),
        403,
        stemlineMessages.forbidden,
      ],
      [
        'a grower names a line not on the order',
        () => calls.run(grower, 'order_ship', ship(TWO_FARMS, 99)),
        404,
        checkoutMessages.orderNotFound,
      ],
    ];

    it.each(refusals)('%s', async (_name, attempt, status, message) => {
      const before = await state();
      const answer = await attempt();
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(JSON.stringify(answer.body)).toContain(message);
      expect(await state()).toEqual(before);
    });

    it('a grower login tied to no farm acts on nothing', async () => {
      await t.sql.run("UPDATE users SET grower_key = NULL WHERE key = 'u-grower'");
      try {
        const before = await state();
        const answer = await calls.run(grower, 'order_ship', ship(TWO_FARMS, 1));
        expect(answer.status).toBe(404);
        expect(await state()).toEqual(before);
      } finally {
        await t.sql.run("UPDATE users SET grower_key = ? WHERE key = 'u-grower'", [farm]);
      }
    });
  });

  it('a grower ships its own line; the other farm’s rows stay as they were', async () => {
    const before = await order(TWO_FARMS);
    const answer = await calls.run(grower, 'order_ship', ship(TWO_FARMS, 1));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Its answer shows its own rows only, not the other farm's tracking.
    const result = (answer.body as { result: Journeys }).result;
    expect(result.lines.map((line) => line.line_no)).toEqual([1]);
    expect(result.boxes.map((box) => box.box_key)).toEqual(['cb-own-farm']);
    expect(result.lines[0]).toMatchObject({ carrier: 'UPS', tracking_number: '1Z-FARM-0001' });
    const after = await order(TWO_FARMS);
    expect(after.lines[0]?.fulfillment).toMatchObject({ carrier: 'UPS' });
    expect(after.lines[1]).toEqual(before.lines[1]);
    expect(after.custom_boxes).toEqual(before.custom_boxes);
  });

  it('a row its farm has shipped can no longer be cancelled, however far off its arrival', async () => {
    expect((await calls.run(grower, 'order_ship', ship(NEXT_WEEK, 1))).status).toBe(200);
    const before = await state();
    for (const [key, params] of [
      ['cancel_box_order', { order_key: NEXT_WEEK, line_no: 1 }],
      ['cancel_order', { order_key: NEXT_WEEK }],
    ] as const) {
      const answer = await calls.run(florist, key, params);
      expect(answer.status, key).toBe(409);
      expect(answer.body, key).toMatchObject({ error: checkoutMessages.tooLateToCancel });
    }
    expect(await state()).toEqual(before);
    // The other farm's row, not shipped, still can be.
    const other = await calls.run(florist, 'cancel_box_order', {
      order_key: NEXT_WEEK,
      line_no: 2,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });

  it('a grower ships its own custom box by its key; nothing else moves', async () => {
    const before = await order(TWO_FARMS);
    const answer = await calls.run(grower, 'order_ship', ship(TWO_FARMS, 'cb-own-farm'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await order(TWO_FARMS);
    expect(after.custom_boxes[0]?.fulfillment).toMatchObject({
      carrier: 'UPS',
      tracking_number: '1Z-FARM-0001',
    });
    expect(after.custom_boxes[1]).toEqual(before.custom_boxes[1]);
    expect(after.lines).toEqual(before.lines);
  });

  it('a grower confirming a whole order confirms its own farm’s rows only', async () => {
    const before = await order(TWO_FARMS);
    const answer = await calls.run(grower, 'order_confirm', {
      customer: CUSTOMER,
      order_key: TWO_FARMS,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await order(TWO_FARMS);
    expect(after.lines[0]?.fulfillment?.confirmed_at).toBe(t.clock.now);
    expect(after.custom_boxes[0]?.fulfillment?.confirmed_at).toBe(t.clock.now);
    expect(after.lines[1]).toEqual(before.lines[1]);
    expect(after.custom_boxes[1]).toEqual(before.custom_boxes[1]);
  });

  it('staff ship any farm’s line, and a whole order with its boxes', async () => {
    const line = await calls.run(manager, 'order_ship', ship(OTHER_FARM, 1));
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    expect((await order(OTHER_FARM)).lines[0]?.fulfillment).toMatchObject({ carrier: 'UPS' });
    const whole = await calls.run(manager, 'order_ship', {
      ...ship(TWO_FARMS),
      tracking_number: '1Z-STAFF-0002',
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    const after = await order(TWO_FARMS);
    expect(after.lines.map((row) => row.fulfillment?.tracking_number)).toEqual([
      '1Z-STAFF-0002',
      '1Z-STAFF-0002',
    ]);
    expect(after.custom_boxes.map((box) => box.fulfillment?.tracking_number)).toEqual([
      '1Z-STAFF-0002',
      '1Z-STAFF-0002',
    ]);
  });
});
