import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatEtaDate,
  scheduleMessages,
  standingOrderMessages,
  stemlineMessages,
  unitsPerBox,
  type Offer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { run } from '../test-support/accounts';
import { saveTestCard } from '../test-support/cards';
import { failInserts } from '../test-support/failing-insert';
import { openSecondNode } from '../test-support/second-node';
import {
  accounts,
  addArgs,
  makeTempDir,
  removeDir,
  startTestServer,
} from '../test-support/test-server';
import { createStandingOrderScheduler } from './standing-order-scheduler';
import {
  customerRows,
  DAY_MS,
  noticeTexts,
  ordersOf,
  runsOf,
  setStock,
  standingOrderKeys,
  startStandingScenario,
  stockTable,
  TUESDAY,
  WEEK,
} from './standing-scheduler-fixture';
import { standingWeekOrderKey } from './standing-week-order';

const FLORIST = 'c-bennett';
const NEWBUYER = 'c-park';
const DATE = formatEtaDate(TUESDAY);

/**
 * The standing-order scheduler (issue 25) on a real server and its database (SQLite, or
 * PostgreSQL in `npm run test:pg`), as an operator and an attacker would try it: runs that overlap, a run that dies in the middle of a week, a
 * restart, stock that runs out, and another customer's data.
 */
describe('the standing-order scheduler', { timeout: 60_000 }, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const scenario = async (options: Parameters<typeof startStandingScenario>[0] = {}) => {
    const s = await startStandingScenario(options);
    cleanups.push(() => s.t.stop());
    return s;
  };
  const name = async (t: { server: { context: AppContext } }, offer: Offer) =>
    `${(await t.server.context.repos.catalog.variety(offer.variety_key))?.name} ${offer.length} cm`;

  it('makes one order at the cut-off through the stock rules; a short or sold-out line becomes a notice; another customer is untouched', async () => {
    const s = await scenario();
    const { t } = s;
    const full = await s.row(10);
    const short = await s.row(1);
    const soldOut = await s.row(0);
    await setStock(t, soldOut.inventory_key, unitsPerBox(soldOut) - 1);
    const standing = await s.create(s.florist, [
      s.item(full, 3),
      s.item(short, 3, false),
      s.item(soldOut, 2),
    ]);
    // The other customer: a standing order of a later week, a cart line holding stock.
    const theirs = await s.row(10);
    await s.create(s.newbuyer, [s.item(theirs, 2)], { start_week: 20261207 });
    expect((await s.push(s.newbuyer, 'add_to_cart', addArgs(theirs, TUESDAY, 1))).status).toBe(
      'applied',
    );
    const parkBefore = await customerRows(t, NEWBUYER);

    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 0 });
    expect(await runsOf(t, standing.key)).toEqual([]);

    t.clock.advance(DAY_MS);
    // The price moves before the cut-off: the week is charged its cut-off's price.
    await t.sql.run(
      'UPDATE offers SET grower_price_mills = grower_price_mills + 250 WHERE inventory_key = ?',
      [full.inventory_key],
    );
    const { catalog } = t.server.context.repos;
    const fullPrice = (await catalog.offer(full.inventory_key))?.stem_price_cents;
    expect(fullPrice).not.toBe(full.stem_price_cents);
    const stockBefore = await stockTable(t);

    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 1, failed: 0 });
    const [order, ...more] = await ordersOf(t, FLORIST, standing.key);
    expect(more).toEqual([]);
    expect(
      order?.lines.map((l) => [l.inventory_key, l.boxes, l.stem_price_cents, l.eta_date]),
    ).toEqual([
      [full.inventory_key, 3, fullPrice, TUESDAY],
      [
        short.inventory_key,
        1,
        (await catalog.offer(short.inventory_key))?.stem_price_cents,
        TUESDAY,
      ],
    ]);
    expect(order?.ship_to).toMatchObject({ _KEY: 'main', address: '120 Main Street' });
    expect(order?.payment.last4).toBe('1111');
    expect(order?.removed_products.map((p) => p.boxes)).toEqual([2, 2]);
    // Exactly the ordered boxes left their rows, and no other row moved.
    const expected = new Map(stockBefore);
    expected.set(full.inventory_key, full.available - 3 * unitsPerBox(full));
    expected.set(short.inventory_key, 0);
    expect(await stockTable(t)).toEqual(expected);
    expect(await noticeTexts(t, FLORIST)).toEqual(
      expect.arrayContaining([
        standingOrderMessages.lineShort(standing.name, DATE, await name(t, short), 1, 3),
        standingOrderMessages.lineSoldOut(standing.name, DATE, await name(t, soldOut)),
      ]),
    );
    // In the orders list like any other order, with the standing order's address.
    const listed = await run(t, 'po_list_orders', {}, s.florist);
    expect((listed.body.results as { key: string }[]).map((o) => o.key)).toContain(order?.key);
    const detail = await run(t, 'get_po_order_detail', { order_key: order?.key }, s.florist);
    expect(detail.body.result).toMatchObject({ ship_to: { address: '120 Main Street' } });
    // Nobody else's order can be read by its key.
    const foreign = await run(t, 'get_po_order_detail', { order_key: order?.key }, s.newbuyer);
    expect(foreign.status).toBe(404);
    expect(await customerRows(t, NEWBUYER)).toEqual(parkBefore);
  });

  it('three runs at once, one on a second database connection: one run makes exactly one order per standing order and week', async () => {
    const s = await scenario();
    const { t } = s;
    await saveTestCard(t, s.newbuyer);
    const rows = [await s.row(10), await s.row(10), await s.row(10), await s.row(10)];
    const standing = [
      await s.create(s.florist, [s.item(rows[0] as Offer, 2)]),
      await s.create(s.florist, [s.item(rows[1] as Offer, 2)]),
      await s.create(s.florist, [s.item(rows[2] as Offer, 2)]),
      await s.create(s.newbuyer, [s.item(rows[3] as Offer, 2)]),
    ];
    t.clock.advance(DAY_MS);
    const stockBefore = await stockTable(t);
    // A second process or node: its own connections, its own change feed, the same database.
    const second = await openSecondNode(t.server.context);
    cleanups.push(() => second.close());
    const otherNode = createStandingOrderScheduler(second.context);

    const reports = await Promise.all([
      t.server.runStandingOrders(),
      otherNode(),
      t.server.runStandingOrders(),
    ]);
    const sum = (field: 'ordersMade' | 'alreadyDecided' | 'failed') =>
      reports.reduce((total, report) => total + report[field], 0);
    expect(sum('ordersMade')).toBe(4);
    // One run decided every week: the others waited for it (this node) or found the job
    // taken or nothing left to decide (the other connection).
    expect(reports.filter((report) => report.ordersMade > 0)).toHaveLength(1);
    expect(sum('failed')).toBe(0);
    for (const [index, so] of standing.entries()) {
      const customer = index < 3 ? FLORIST : NEWBUYER;
      expect(await ordersOf(t, customer, so.key)).toHaveLength(1);
      expect(await runsOf(t, so.key)).toEqual([
        { week: WEEK, outcome: 'ordered', order_key: standingWeekOrderKey(so.key, WEEK) },
      ]);
    }
    expect(await standingOrderKeys(t, FLORIST)).toHaveLength(3);
    expect(await standingOrderKeys(t, NEWBUYER)).toHaveLength(1);
    for (const row of rows)
      expect((await stockTable(t)).get(row.inventory_key)).toBe(
        (stockBefore.get(row.inventory_key) ?? 0) - 2 * unitsPerBox(row),
      );

    const stockAfter = await stockTable(t);
    expect(await otherNode()).toMatchObject({ ordersMade: 0, alreadyDecided: 0 });
    expect(await stockTable(t)).toEqual(stockAfter);
  });

  it('a run that dies in the middle of a week leaves that week undecided, and after a restart it is made exactly once', async () => {
    const dataDir = makeTempDir('stemline-standing-');
    cleanups.push(() => removeDir(dataDir));
    const first = await startStandingScenario({ dataDir });
    const rows = [await first.row(10), await first.row(10), await first.row(10)];
    const standing = [];
    for (const row of rows) standing.push(await first.create(first.florist, [first.item(row, 2)]));
    const victim = standing[1]?.key ?? '';
    first.t.clock.advance(DAY_MS);
    // The week's transaction fails after it took the stock, as a crash at that point would.
    const removeCrash = await failInserts(first.t, {
      name: 'crash_mid_week',
      table: 'orders',
      when: `NEW.key = '${standingWeekOrderKey(victim, WEEK)}'`,
      message: 'simulated crash',
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stockBefore = await stockTable(first.t);
    const report = await first.t.server.runStandingOrders();
    // The operator reads which standing order and week failed, and why.
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining(victim),
      expect.objectContaining({ message: 'simulated crash' }),
    );
    errors.mockRestore();
    await removeCrash();
    expect(report).toMatchObject({ ordersMade: 2, failed: 1 });
    expect(await runsOf(first.t, victim)).toEqual([]);
    expect(await ordersOf(first.t, FLORIST, victim)).toEqual([]);
    expect((await stockTable(first.t)).get(rows[1]?.inventory_key ?? 0)).toBe(
      stockBefore.get(rows[1]?.inventory_key ?? 0),
    );
    const now = first.t.clock.now;
    await first.t.stop();

    // The restarted server runs the scheduler as it starts; one more run changes nothing.
    const restarted = await startTestServer({ dataDir, startAt: now });
    cleanups.push(() => restarted.stop());
    await restarted.server.runStandingOrders();
    expect(await restarted.server.runStandingOrders()).toMatchObject({ ordersMade: 0 });
    for (const so of standing) {
      expect(await ordersOf(restarted, FLORIST, so.key)).toHaveLength(1);
      expect(await runsOf(restarted, so.key)).toMatchObject([{ week: WEEK, outcome: 'ordered' }]);
    }
    for (const row of rows)
      expect((await stockTable(restarted)).get(row.inventory_key)).toBe(
        (stockBefore.get(row.inventory_key) ?? 0) - 2 * unitsPerBox(row),
      );
  });

  it('a skipped week, a paused and a cancelled order make no order; a changed week orders its changed quantities; the week is closed to edits from its cut-off', async () => {
    const s = await scenario();
    const { t } = s;
    const [a, b, c, d, e] = [
      await s.row(10),
      await s.row(10),
      await s.row(10),
      await s.row(10),
      await s.row(10),
    ];
    const skipped = await s.create(s.florist, [s.item(a, 2)]);
    const paused = await s.create(s.florist, [s.item(b, 2)]);
    const cancelled = await s.create(s.florist, [s.item(c, 2)]);
    const changed = await s.create(s.florist, [s.item(d, 2), s.item(e, 2)]);
    const status = async (key: string, to: string) =>
      expect(
        (await s.push(s.florist, 'set_standing_order_status', { key, status: to })).status,
      ).toBe('applied');
    expect(
      (
        await s.push(s.florist, 'skip_standing_order_week', {
          key: skipped.key,
          week: WEEK,
          skip: true,
        })
      ).status,
    ).toBe('applied');
    await status(paused.key, 'paused');
    await status(cancelled.key, 'cancelled');
    const [dItem, eItem] = changed.items;
    expect(
      (
        await s.push(s.florist, 'change_standing_order_week', {
          key: changed.key,
          week: WEEK,
          quantities: { [dItem?.key ?? '']: 4, [eItem?.key ?? '']: 0 },
        })
      ).status,
    ).toBe('applied');

    t.clock.advance(DAY_MS);
    const late = [
      await s.push(s.florist, 'skip_standing_order_week', {
        key: changed.key,
        week: WEEK,
        skip: true,
      }),
      await s.push(s.florist, 'skip_standing_order_week', {
        key: skipped.key,
        week: WEEK,
        skip: false,
      }),
      await s.push(s.florist, 'change_standing_order_week', {
        key: changed.key,
        week: WEEK,
        quantities: { [dItem?.key ?? '']: 30 },
      }),
    ];
    for (const result of late)
      expect(result).toMatchObject({
        status: 'rejected',
        message: standingOrderMessages.weekDecided,
      });
    const notices = await noticeTexts(t, FLORIST);
    const stockBefore = await stockTable(t);

    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 1, failed: 0 });
    expect(
      (await ordersOf(t, FLORIST, changed.key)).map((o) =>
        o.lines.map((l) => [l.inventory_key, l.boxes]),
      ),
    ).toEqual([[[d.inventory_key, 4]]]);
    expect(await runsOf(t, skipped.key)).toMatchObject([{ outcome: 'skipped', order_key: null }]);
    expect(await runsOf(t, paused.key)).toMatchObject([{ outcome: 'paused', order_key: null }]);
    expect(await runsOf(t, cancelled.key)).toEqual([]);
    expect(await standingOrderKeys(t, FLORIST)).toHaveLength(1);
    const expected = new Map(stockBefore);
    expected.set(d.inventory_key, d.available - 4 * unitsPerBox(d));
    expect(await stockTable(t)).toEqual(expected);
    expect(await noticeTexts(t, FLORIST)).toEqual(notices);

    // Resuming after the cut-off does not bring the paused week back.
    await status(paused.key, 'active');
    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 0 });
    expect(await ordersOf(t, FLORIST, paused.key)).toEqual([]);
  });

  it('a week closed after the orders were made makes no order, and a skip of it stays', async () => {
    const s = await scenario();
    const { t } = s;
    const skipped = await s.create(s.florist, [s.item(await s.row(10), 2)]);
    const untouched = await s.create(s.florist, [s.item(await s.row(10), 2)]);
    const closed = await t.post(
      '/api/add_model',
      {
        row_model: 'standing_order.disabled_weeks',
        rows: [{ _KEY: String(WEEK), week_start: WEEK, reason: 'Farm strike' }],
      },
      await t.login(accounts.manager),
    );
    expect(closed.status).toBe(200);
    const skip = (skip: boolean) =>
      s.push(s.florist, 'skip_standing_order_week', { key: skipped.key, week: WEEK, skip });
    expect((await skip(true)).status).toBe('applied');
    // Taking the skip back was accepted, and the closed week then delivered.
    expect(await skip(false)).toMatchObject({
      status: 'rejected',
      message: standingOrderMessages.weekDisabled,
    });
    const stockBefore = await stockTable(t);
    t.clock.advance(DAY_MS);
    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 0, failed: 0 });
    for (const { key } of [skipped, untouched])
      expect(await runsOf(t, key)).toMatchObject([{ outcome: 'skipped', order_key: null }]);
    expect(await stockTable(t)).toEqual(stockBefore);
  });

  it('a delivery day that is a no-delivery holiday makes no order, takes no stock and says why', async () => {
    const s = await scenario();
    const { t } = s;
    const standing = await s.create(s.florist, [s.item(await s.row(10), 2)]);
    // The market closes that Tuesday after the standing order was made (a snow day, say).
    await t.sql.run(
      'INSERT INTO holidays (key, name, date, no_delivery, peak) VALUES (?, ?, ?, 1, 0)',
      ['hol-standing-test', 'Snow day', TUESDAY],
    );
    const stockBefore = await stockTable(t);
    t.clock.advance(DAY_MS);
    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 0, failed: 0 });
    expect(await runsOf(t, standing.key)).toMatchObject([{ outcome: 'skipped', order_key: null }]);
    expect(await ordersOf(t, FLORIST, standing.key)).toEqual([]);
    expect(await stockTable(t)).toEqual(stockBefore);
    expect(await noticeTexts(t, FLORIST)).toContain(
      standingOrderMessages.holiday(standing.name, DATE, 'Snow day'),
    );
  });

  it('a week whose address is not delivered, by zip or on that weekday, makes no order, takes no stock and says why', async () => {
    const s = await scenario();
    const { t } = s;
    const saveAddress = async (_KEY: string, slAddress: Record<string, string>, update = false) => {
      const params = { slAddress, save: true, update, _KEY };
      expect((await run(t, 'customer_address', params, s.florist)).status).toBe(200);
    };
    // Both are delivered every weekday when the standing orders are made (a new one is refused
    // otherwise), and moved afterwards: to Anchorage, and to Miami, where Florida's trucks run
    // on Tuesdays and Thursdays (the seeded schedule of state:FL).
    const hoboken = { address: '120 Main Street', city: 'Hoboken', state: 'NJ', zipcode: '07030' };
    await saveAddress('a-anchorage', hoboken);
    await saveAddress('a-miami', { ...hoboken, address: '5 Main Street' });
    const wednesday = TUESDAY + 1;
    const alaska = await s.create(s.florist, [s.item(await s.row(10), 2)], {
      address: 'a-anchorage',
    });
    const onWednesday = await s.create(s.florist, [s.item(await s.row(10), 2)], {
      address: 'a-miami',
      delivery_weekday: 3,
    });
    const onTuesday = await s.create(s.florist, [s.item(await s.row(10), 2)], {
      address: 'a-miami',
    });
    await saveAddress(
      'a-anchorage',
      { address: '1 Ice Road', city: 'Anchorage', state: 'AK', zipcode: '99501' },
      true,
    );
    await saveAddress(
      'a-miami',
      { address: '5 Bay Street', city: 'Miami', state: 'FL', zipcode: '33101' },
      true,
    );
    const stockBefore = await stockTable(t);

    // Friday the 20th: the cut-offs of Tuesday the 24th and Wednesday the 25th have come.
    t.clock.advance(2 * DAY_MS);
    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 1, failed: 0 });
    for (const { key } of [alaska, onWednesday]) {
      expect(await runsOf(t, key)).toMatchObject([{ outcome: 'not_delivered', order_key: null }]);
      expect(await ordersOf(t, FLORIST, key)).toEqual([]);
    }
    const [order] = await ordersOf(t, FLORIST, onTuesday.key);
    expect(order?.ship_to).toMatchObject({ zipcode: '33101' });
    const ordered = order?.lines[0];
    const expected = new Map(stockBefore);
    if (ordered)
      expected.set(
        ordered.inventory_key,
        (stockBefore.get(ordered.inventory_key) ?? 0) - 2 * unitsPerBox(ordered),
      );
    expect(await stockTable(t)).toEqual(expected);
    expect(await noticeTexts(t, FLORIST)).toEqual(
      expect.arrayContaining([
        standingOrderMessages.notDelivered(
          alaska.name,
          DATE,
          scheduleMessages.zipcodeNotDelivered('99501'),
        ),
        standingOrderMessages.notDelivered(
          onWednesday.name,
          formatEtaDate(wednesday),
          scheduleMessages.noDeliveryThatDay('Wednesday', '33101'),
        ),
      ]),
    );
  });

  it('packs custom boxes whole from their farm each week: a box short of a flower is left out with a notice and takes no stock; an overfull box or unknown farm is refused', async () => {
    const s = await scenario();
    const { t } = s;
    const [rose, mum] = await s.farmRows([5, 1]);
    const flower = (row: Offer, bunches: number) => ({
      variety_key: row.variety_key,
      variety_name: '',
      length: row.length,
      bunches,
    });
    const box = (key: string, items: ReturnType<typeof flower>[], boxes = 2) => ({
      key,
      grower_key: rose.grower_key,
      grower_name: '',
      items,
      boxes,
    });
    // Two boxes a week of one rose and one mum bunch: the mum row has one bunch, so one box.
    const mixed = await s.create(s.florist, [], {
      custom_boxes: [box(`cb-mixed-${WEEK}`, [flower(rose, 1), flower(mum, 1)])],
    });
    const refused = [
      await s.push(s.florist, 'create_standing_order', {
        ...mixed,
        key: `so-overfull-${WEEK}`,
        custom_boxes: [box(`cb-full-${WEEK}`, [flower(rose, rose.bunches_in_box + 1)])],
      }),
      await s.push(s.florist, 'create_standing_order', {
        ...mixed,
        key: `so-nofarm-${WEEK}`,
        custom_boxes: [{ ...box(`cb-nofarm-${WEEK}`, [flower(rose, 1)]), grower_key: 'g-none' }],
      }),
    ];
    expect(refused.map((r) => (r.status === 'rejected' ? r.message : r.status))).toEqual([
      stemlineMessages.boxFull(Math.round(((rose.bunches_in_box + 1) * 100) / rose.bunches_in_box)),
      standingOrderMessages.boxFarmNotFound,
    ]);

    t.clock.advance(DAY_MS);
    const stockBefore = await stockTable(t);
    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 1, failed: 0 });
    const [order] = await ordersOf(t, FLORIST, mixed.key);
    expect(order?.lines).toEqual([]);
    expect(
      order?.custom_boxes.map((b) => [b.box_key, b.items.map((i) => [i.inventory_key, i.bunches])]),
    ).toEqual([
      [
        `cb-mixed-${WEEK}-1`,
        [
          [rose.inventory_key, 1],
          [mum.inventory_key, 1],
        ],
      ],
    ]);
    expect(order?.total_cents).toBeGreaterThan(0);
    const unitsOf = (row: Offer) => (row.uom === 'bunch' ? 1 : row.stems_per_bunch);
    const expected = new Map(stockBefore);
    expected.set(rose.inventory_key, rose.available - unitsOf(rose));
    expected.set(mum.inventory_key, 0);
    expect(await stockTable(t)).toEqual(expected);
    const farm = (await t.server.context.repos.catalog.grower(rose.grower_key))?.grower_name ?? '';
    expect(await noticeTexts(t, FLORIST)).toEqual([
      standingOrderMessages.boxShort(
        mixed.name,
        DATE,
        farm,
        1,
        2,
        standingOrderMessages.whyFewBunches(await name(t, mum)),
      ),
    ]);
    // The ordered box's bunches are on the order's rows, as a checkout's box.
    expect(
      await t.sql.all(
        'SELECT inventory_key, bunches FROM order_box_items WHERE order_key = ? ORDER BY inventory_key',
        [order?.key ?? ''],
      ),
    ).toEqual(
      [
        { inventory_key: rose.inventory_key, bunches: 1 },
        { inventory_key: mum.inventory_key, bunches: 1 },
      ].sort((x, y) => x.inventory_key - y.inventory_key),
    );
  });

  it('without a usable card, or when no run came before the delivery date, no order is made and a notice says so', async () => {
    const s = await scenario();
    const { t } = s;
    const noCard = await s.create(s.newbuyer, [s.item(await s.row(10), 2)]);
    // Delivered on Mondays from the 30th (cut-off the 25th); the server then runs no more until
    // that Monday. (A week already past its cut-off cannot be picked as a first week.)
    const missed = await s.create(s.florist, [s.item(await s.row(10), 2)], {
      delivery_weekday: 1,
      start_week: 20261130,
    });
    t.clock.advance(5 * DAY_MS);
    const stockBefore = await stockTable(t);

    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 0, failed: 0 });
    expect(await noticeTexts(t, NEWBUYER)).toEqual([
      standingOrderMessages.noCard(noCard.name, DATE),
    ]);
    expect(await runsOf(t, noCard.key)).toMatchObject([{ outcome: 'no_card' }]);
    expect(await runsOf(t, missed.key)).toEqual([]);

    t.clock.advance(7 * DAY_MS);
    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 0, failed: 0 });
    expect(await noticeTexts(t, FLORIST)).toContain(
      standingOrderMessages.missed(missed.name, formatEtaDate(20261130)),
    );
    expect(await runsOf(t, missed.key)).toMatchObject([{ outcome: 'missed' }]);
    expect(await standingOrderKeys(t, NEWBUYER)).toEqual([]);
    expect(await standingOrderKeys(t, FLORIST)).toEqual([]);
    expect(await stockTable(t)).toEqual(stockBefore);
  });

  it("charges each order to the standing order's own card, not the newest; with that card removed, no order and the 'no card' notice", async () => {
    const s = await scenario();
    const { t } = s;
    // The scenario saved one card; newer ones (other cards: a card is saved once) come after it.
    const chosen = await saveTestCard(t, s.florist, { holder_name: 'Chosen Card', exp_year: 2031 });
    t.clock.advance(1_000);
    const newest = await saveTestCard(t, s.florist, { holder_name: 'Newest Card', exp_year: 2032 });
    const own = await s.create(s.florist, [s.item(await s.row(10), 1)], { card_key: chosen.key });
    const removed = await s.create(s.florist, [s.item(await s.row(10), 1)], {
      card_key: chosen.key,
    });
    // The second one is moved to the newest card, which is then removed.
    expect(
      (
        await s.push(s.florist, 'set_standing_order_card', {
          key: removed.key,
          card_key: newest.key,
        })
      ).status,
    ).toBe('applied');
    const deleted = await run(t, 'delete_payment', { key: newest.key }, s.florist);
    expect(deleted.status).toBe(200);
    // A newer card still: the customer's default now, yet not the one these are charged to.
    t.clock.advance(1_000);
    await saveTestCard(t, s.florist, { holder_name: 'Latest Card', exp_year: 2033 });
    t.clock.advance(DAY_MS);

    expect(await t.server.runStandingOrders()).toMatchObject({ ordersMade: 1, failed: 0 });
    expect((await ordersOf(t, FLORIST, own.key)).map((order) => order.payment.card_key)).toEqual([
      chosen.key,
    ]);
    expect(await ordersOf(t, FLORIST, removed.key)).toEqual([]);
    expect(await runsOf(t, removed.key)).toMatchObject([{ outcome: 'no_card' }]);
    expect(await noticeTexts(t, FLORIST)).toContain(
      standingOrderMessages.noCard(removed.name, DATE),
    );
  });
});
