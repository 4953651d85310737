import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  fromDollars,
  ORDER_MONEY,
  orderInDollars,
  orderSchema,
  orderSummaryInDollars,
  placeOrderAnswerSchema,
  pullAnswerSchema,
  summarizeOrder,
  unitsPerBox,
  type Offer,
  type Order,
  type OrderSummary,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { checkoutStateOf } from '../test-support/checkout-state';
import {
  accounts,
  addArgs,
  stockOf,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const DAY = 24 * 3600_000;
/** An order as the spec's calls list it: a summary, its total in dollars. */
const listed = (order: Order) => orderSummaryInDollars(summarizeOrder(order));
/** A spec call's order (amounts in dollars) read back in cents. */
const inCents = (answer: unknown): Order => orderSchema.parse(fromDollars(answer, ORDER_MONEY));
const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

describe('purchase orders', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let tomorrow = 0;
  let friday = 0;
  let monday = 0;
  let pick: ReturnType<typeof createOfferPicker>;
  const cards: Record<string, string> = {};
  /** Placed in beforeAll: one on Wednesday (two rows), one two days later. */
  let early: Order;
  let mixed: Order;
  let later: Order;

  const regular = (etaDate: number): Offer =>
    pick(
      `is a regular row with 5+ boxes deliverable on ${etaDate}`,
      (o) => !o.open_market && stockBoxes(o) >= 5 && o.eta_from <= etaDate && o.eta_to >= etaDate,
    );
  const run = <T = Record<string, unknown>>(token: string, key: string, params: unknown) =>
    t.post<T>('/api/cs/run', { key, params }, token);

  async function orderOf(token: string, lines: [Offer, number, number][]): Promise<Order> {
    for (const [offer, etaDate, boxes] of lines) {
      const added = await t.post(
        '/api/cart_box/add_to_cart',
        addArgs(offer, etaDate, boxes),
        token,
      );
      expect(added.status).toBe(200);
    }
    const card = token === florist ? cards.florist : cards.newbuyer;
    const answer = await t.post('/api/checkout/place_order', { card_key: card }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return placeOrderAnswerSchema.parse(answer.body).result;
  }

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    [tomorrow = 0, friday = 0, monday = 0] = t.deliveryDates(3);
    pick = createOfferPicker([
      ...(await t.catalog(florist, tomorrow)).offers,
      ...(await t.catalog(florist, monday)).offers,
    ]);
    for (const [name, token] of [
      ['florist', florist],
      ['newbuyer', newbuyer],
    ] as const) {
      cards[name] = (await saveTestCard(t, token, { number: '4111111111111111' })).key;
    }
    early = await orderOf(florist, [[regular(monday), monday, 2]]);
    mixed = await orderOf(florist, [
      [regular(tomorrow), tomorrow, 1],
      [regular(friday), friday, 2],
      [regular(monday), monday, 3],
    ]);
    t.clock.advance(2 * DAY); // Friday 20 November
    later = await orderOf(florist, [[regular(monday), monday, 1]]);
    t.clock.advance(-2 * DAY);
    await orderOf(newbuyer, [[regular(monday), monday, 1]]);
  }, 60_000);

  afterAll(async () => {
    await t.stop();
  });

  describe('po_list_orders', () => {
    it('lists the caller’s orders newest first, as summaries, with the total count', async () => {
      const answer = await run<{ results: OrderSummary[]; total: number }>(
        florist,
        'po_list_orders',
        {},
      );
      expect(answer.status).toBe(200);
      // Three placed here, three from weeks ago and the two recent demo orders (seed-recent-orders.ts).
      expect(answer.body).toMatchObject({ success: true, total: 8, page: 1, limit: 20 });
      expect(answer.body.results.slice(0, 3)).toEqual([later, mixed, early].map(listed));
      expect(answer.body.results[1]).toMatchObject({
        boxes: 6,
        eta_dates: [tomorrow, friday, monday],
      });
    });

    it('pages and filters by status', async () => {
      const page2 = await run<{ results: OrderSummary[] }>(florist, 'po_list_orders', {
        page: 2,
        limit: 2,
      });
      expect(page2.body.results.map((o) => o.key)[0]).toBe(early.key);
      const cancelled = await run<{ results: OrderSummary[]; total: number }>(
        florist,
        'po_list_orders',
        {
          status: 'cancelled',
        },
      );
      expect(cancelled.body).toMatchObject({ results: [], total: 0 });
    });

    it.each([
      ['a page of 0', { page: 0 }],
      ['a limit of 1,000', { limit: 1000 }],
      ['an unknown status', { status: 'lost' }],
      ['a page that is an object', { page: { $gt: 1 } }],
    ])('refuses %s with 400', async (_case, params) => {
      const answer = await run(florist, 'po_list_orders', params);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
    });
  });

  it('the demo florist has three past orders, delivered weeks ago, that can no longer be cancelled', async () => {
    const answer = await run<{ results: OrderSummary[] }>(florist, 'po_list_orders', {});
    const past = answer.body.results.filter((order) => order.key.startsWith('o-demo-'));
    expect(past).toHaveLength(3);
    for (const order of past) {
      expect(order.purchase_date).toBeLessThan(20261118);
      expect(Math.max(...order.eta_dates)).toBeLessThan(20261118);
    }
    const before = await checkoutStateOf(t.sql);
    const cancel = await run(florist, 'cancel_order', { order_key: past[0]?.key });
    expect(cancel.status).toBe(409);
    expect(await checkoutStateOf(t.sql)).toEqual(before);
    expect(
      (
        await t.sql.one<{ first_purchase_date: number | null }>(
          "SELECT first_purchase_date FROM customers WHERE key = 'c-bennett'",
        )
      )?.first_purchase_date,
    ).toBe(Math.min(...past.map((order) => order.purchase_date)));
  });

  describe('po_list_orders_by_purchase_date', () => {
    it('groups the orders bought in an inclusive date range by purchase date, newest first', async () => {
      const answer = await run<{ results: { purchase_date: number; orders: OrderSummary[] }[] }>(
        florist,
        'po_list_orders_by_purchase_date',
        { from: 20261110, to: 20261130 },
      );
      expect(answer.status).toBe(200);
      // The seeded recent demo orders (bought days before) are not this test's.
      const placedHere = answer.body.results
        .map((group) => ({
          ...group,
          orders: group.orders.filter((order) => !order.key.startsWith('o-recent-')),
        }))
        .filter((group) => group.orders.length > 0);
      expect(placedHere).toEqual([
        { purchase_date: 20261120, orders: [listed(later)] },
        { purchase_date: 20261118, orders: [listed(mixed), listed(early)] },
      ]);
      const one = await run<{ results: unknown[] }>(florist, 'po_list_orders_by_purchase_date', {
        from: 20261120,
        to: 20261120,
      });
      expect(one.body.results).toEqual([{ purchase_date: 20261120, orders: [listed(later)] }]);
    });

    it.each([
      ['from after to', { from: 20261130, to: 20261101 }],
      ['a date that does not exist', { from: 20261131, to: 20261201 }],
      ['no dates', {}],
      ['text', { from: 'yesterday', to: 'today' }],
    ])('refuses %s with 400', async (_case, params) => {
      expect((await run(florist, 'po_list_orders_by_purchase_date', params)).status).toBe(400);
    });
  });

  describe('get_po_order_detail', () => {
    it('answers the whole order, rows included', async () => {
      const answer = await run<{ result: Order }>(florist, 'get_po_order_detail', {
        order_key: mixed.key,
      });
      expect(answer.status).toBe(200);
      // A spec call: the order's amounts in dollars, as the app's orders always were.
      expect(answer.body.result).toEqual(orderInDollars(mixed));
      expect(inCents(answer.body.result)).toEqual(mixed);
    });

    it('answers 404 for an unknown order and for another customer’s order', async () => {
      const theirs = await run<{ results: OrderSummary[] }>(newbuyer, 'po_list_orders', {});
      const theirKey = theirs.body.results[0]?.key ?? '';
      for (const order_key of ['o-unknown', theirKey]) {
        const answer = await run(florist, 'get_po_order_detail', { order_key });
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({
          success: false,
          error: checkoutMessages.orderNotFound,
        });
      }
      const asked = await run(florist, 'po_list_orders', { customer: 'c-park' });
      expect(asked.status).toBe(403);
    });
  });

  describe('cancel_box_order', () => {
    it('cancels one row, returns its units to stock in the same transaction, recomputes the totals and syncs', async () => {
      const row = mixed.lines.find((line) => line.eta_date === friday);
      if (!row) throw new Error('no Friday row');
      const stockBefore = await stockOf(t.sql, row.inventory_key);
      const checkpoint =
        (await t.sql.one<{ value: number }>('SELECT value FROM change_seq'))?.value ?? 0;
      const answer = await run<{ result: Order }>(florist, 'cancel_box_order', {
        order_key: mixed.key,
        line_no: row.line_no,
      });
      expect(answer.status).toBe(200);
      const updated = inCents(answer.body.result);
      expect(updated.status).toBe('partially_cancelled');
      expect(updated.lines.find((line) => line.line_no === row.line_no)).toMatchObject({
        status: 'cancelled',
        cancelled_at: t.clock.now,
      });
      expect(updated.total_cents).toBe(mixed.total_cents - row.total_cents);
      expect(await stockOf(t.sql, row.inventory_key)).toBe(
        stockBefore + row.boxes * unitsPerBox(row),
      );
      expect(
        (
          await t.sql.one<{ status: string }>(
            'SELECT status FROM order_lines WHERE order_key = ? AND line_no = ?',
            [mixed.key, row.line_no],
          )
        )?.status,
      ).toBe('cancelled');
      const pulled = pullAnswerSchema.parse(
        (await t.get(`/api/sync/pull/orders?checkpoint=${checkpoint}`, florist)).body,
      );
      expect(pulled.documents.map((doc) => orderSchema.parse(doc))).toEqual([updated]);
      mixed = updated;
    });

    it('refuses, changing nothing: a row arriving tomorrow, a row already cancelled, an unknown row', async () => {
      const tomorrowRow = mixed.lines.find((line) => line.eta_date === tomorrow);
      const cancelledRow = mixed.lines.find((line) => line.status === 'cancelled');
      const cases: [number, number, string][] = [
        [tomorrowRow?.line_no ?? 0, 409, checkoutMessages.tooLateToCancel],
        [cancelledRow?.line_no ?? 0, 409, checkoutMessages.alreadyCancelled],
        [99, 404, checkoutMessages.orderNotFound],
      ];
      for (const [line_no, status, error] of cases) {
        const before = await checkoutStateOf(t.sql);
        const answer = await run(florist, 'cancel_box_order', { order_key: mixed.key, line_no });
        expect(answer.status, error).toBe(status);
        expect(answer.body).toMatchObject({ success: false, error });
        expect(await checkoutStateOf(t.sql)).toEqual(before);
      }
    });
  });

  describe('cancel_order', () => {
    it('refuses an order with a row arriving tomorrow as a whole, changing nothing', async () => {
      const before = await checkoutStateOf(t.sql);
      const answer = await run(florist, 'cancel_order', { order_key: mixed.key });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: checkoutMessages.tooLateToCancel });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it('cancels every row, returning all units, and then refuses a second cancellation', async () => {
      const row = early.lines[0];
      if (!row) throw new Error('no row');
      const stockBefore = await stockOf(t.sql, row.inventory_key);
      const answer = await run<{ result: Order; message: string }>(florist, 'cancel_order', {
        order_key: early.key,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(checkoutMessages.orderCancelled(early.number));
      expect(answer.body.result).toMatchObject({ status: 'cancelled', subtotal: 0, total: 0 });
      expect(await stockOf(t.sql, row.inventory_key)).toBe(
        stockBefore + row.boxes * unitsPerBox(row),
      );

      const before = await checkoutStateOf(t.sql);
      const again = await run(florist, 'cancel_order', { order_key: early.key });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: checkoutMessages.alreadyCancelled });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
      const cancelledOnes = await run<{ total: number }>(florist, 'po_list_orders', {
        status: 'cancelled',
      });
      expect(cancelledOnes.body.total).toBe(1);
    });

    it('never cancels another customer’s order (404) and refuses malformed params (400), changing nothing', async () => {
      const theirs = await run<{ results: OrderSummary[] }>(newbuyer, 'po_list_orders', {});
      const before = await checkoutStateOf(t.sql);
      expect(
        (await run(florist, 'cancel_order', { order_key: theirs.body.results[0]?.key })).status,
      ).toBe(404);
      expect(
        (await run(florist, 'cancel_box_order', { order_key: later.key, line_no: -1 })).status,
      ).toBe(400);
      expect((await run(florist, 'cancel_box_order', { order_key: later.key })).status).toBe(400);
      expect((await run(florist, 'cancel_order', { order_key: '' })).status).toBe(400);
      expect(
        (await run(florist, 'cancel_order', { order_key: later.key, customer: 'c-park' })).status,
      ).toBe(403);
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });
  });
});
