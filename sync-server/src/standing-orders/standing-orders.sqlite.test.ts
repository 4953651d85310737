import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  marketToday,
  mondayOf,
  parseEtaDate,
  guestSignInAnswerSchema,
  pushAnswerSchema,
  scheduleMessages,
  standingOrderMessages,
  standingClosuresSchema,
  standingOrderSchema,
  toEtaDate,
  weekdayName,
  type StandingDelivery,
} from '@stemline/shared';
import { publicToken, run, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { followMailedLink } from '../test-support/guests';
import { saveTestCard } from '../test-support/cards';
import { createTestBuyersOf } from '../test-support/test-buyers';
import { httpStatusOf } from '../http/http-status';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/** Standing orders (issue 25) on a real server over HTTP, as a buyer and as an attacker. */
describe('standing orders', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let variety = '';
  let thisMonday = 0;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    const [day = 0] = t.deliveryDates(1);
    variety = (await t.catalog(florist, day)).offers[0]?.variety_key ?? '';
    thisMonday = mondayOf(daysAfter(day, -1));
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const daysAfter = (etaDate: number, days: number) => {
    const date = parseEtaDate(etaDate);
    if (!date) throw new Error(`not a date: ${etaDate}`);
    return toEtaDate(date.add({ days }));
  };
  const weeksAfter = (monday: number, weeks: number) => daysAfter(monday, 7 * weeks);
  const args = (fields: Record<string, unknown> = {}) => ({
    key: `so-${randomUUID()}`,
    name: 'Weekly cooler',
    items: [
      {
        key: `it-${randomUUID()}`,
        variety_key: variety,
        variety_name: '',
        length: 50,
        quantity: 2,
        grower_key: null,
      },
    ],
    every_weeks: 1,
    term_weeks: 12,
    start_week: weeksAfter(mondayOf(t.deliveryDates(1)[0] ?? 0), 1),
    delivery_weekday: 2,
    ...fields,
  });
  const push = async (token: string, name: string, body: unknown) => {
    const answer = await t.post(
      '/api/sync/push',
      {
        clientId: 'c1',
        mutations: [{ id: randomUUID(), clientId: 'c1', name, args: body, createdAt: t.clock.now }],
      },
      token,
    );
    expect(answer.status).toBe(200);
    const [result] = pushAnswerSchema.parse(answer.body).results;
    if (!result) throw new Error('no result');
    return result;
  };
  const list = async (token: string) => {
    const answer = await t.post('/api/standing_order/list_standing_order', {}, token);
    expect(answer.status).toBe(200);
    const body = answer.body as {
      results: unknown[];
      deliveries: StandingDelivery[];
      disabled_weeks: number[];
    };
    return { ...body, results: body.results.map((o) => standingOrderSchema.parse(o)) };
  };
  const rows = () => t.sql.all('SELECT * FROM standing_orders ORDER BY customer_key, key');

  it('a weekly order: skip its second week; the schedule shows it skipped and the rest untouched', async () => {
    const created = args();
    expect((await push(florist, 'create_standing_order', created)).status).toBe('applied');
    const second = weeksAfter(created.start_week, 1);
    expect(
      (
        await push(florist, 'skip_standing_order_week', {
          key: created.key,
          week: second,
          skip: true,
        })
      ).status,
    ).toBe('applied');
    const { results, deliveries, disabled_weeks } = await list(florist);
    const order = results.find((o) => o.key === created.key);
    expect(order).toMatchObject({ status: 'active', price_policy: 'current_each_week' });
    expect(order?.skipped_weeks).toContain(second);
    const mine = deliveries.filter((d) => d.order_key === created.key);
    expect(mine[0]).toMatchObject({ week: created.start_week, skipped: false, boxes: 2 });
    expect(mine[1]).toMatchObject({ week: second, skipped: true });
    expect(mine[2]).toMatchObject({ skipped: disabled_weeks.includes(mine[2]?.week ?? 0) });
    // Change one week's quantities without touching the rest.
    const third = weeksAfter(created.start_week, 2);
    const itemKey = created.items[0]?.key ?? '';
    expect(
      (
        await push(florist, 'change_standing_order_week', {
          key: created.key,
          week: third,
          quantities: { [itemKey]: 5 },
        })
      ).status,
    ).toBe('applied');
    const after = (await list(florist)).deliveries.filter((d) => d.order_key === created.key);
    expect(after.find((d) => d.week === third)).toMatchObject({ boxes: 5, changed: true });
    expect(after.find((d) => d.week === created.start_week)).toMatchObject({
      boxes: 2,
      changed: false,
    });
  });

  it('tells the page the coming no-delivery holidays, not the peak days or the past ones', async () => {
    const today = toEtaDate(marketToday(t.clock.now));
    const answer = standingClosuresSchema.parse(
      (await t.post('/api/standing_order/list_standing_order', {}, florist)).body,
    );
    const holidays = await t.sql.all<{ date: number; name: string; no_delivery: number }>(
      'SELECT date, name, no_delivery FROM holidays ORDER BY date',
    );
    const yearOn = daysAfter(today, 7 * 56);
    const expected = holidays
      .filter((h) => Number(h.no_delivery) === 1 && h.date > today && h.date <= yearOn)
      .map(({ date, name }) => ({ date, name }));
    // The seeded calendar has some ahead (Thanksgiving, Christmas Day…), and a peak day too.
    expect(expected.length).toBeGreaterThan(2);
    expect(holidays.some((h) => Number(h.no_delivery) === 0 && h.date > today)).toBe(true);
    expect(answer.closed_days).toEqual(expected);
  });

  it('refuses a disabled week, a past week, a week not starting on Monday, and terms or quantities not offered', async () => {
    const { disabled_weeks } = await list(florist);
    const before = await rows();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ start_week: disabled_weeks[0] }, standingOrderMessages.weekDisabled],
      [{ start_week: thisMonday }, standingOrderMessages.weekInPast],
      [{ start_week: daysAfter(weeksAfter(thisMonday, 2), 1) }, standingOrderMessages.notMonday],
      [{ term_weeks: 26 }, null],
      [{ every_weeks: 3 }, null],
      [{ items: [{ ...args().items[0], quantity: 31 }] }, null],
      [{ items: [{ ...args().items[0], quantity: -1 }] }, null],
      [{ items: [] }, null],
    ];
    for (const [fields, message] of cases) {
      const result = await push(florist, 'create_standing_order', args(fields));
      expect(result.status, JSON.stringify(fields)).toBe('rejected');
      if (message && result.status === 'rejected') expect(result.message).toBe(message);
    }
    expect(await rows()).toEqual(before);
  });

  it("another customer's standing order cannot be read, paused, skipped or changed", async () => {
    const created = args();
    expect((await push(florist, 'create_standing_order', created)).status).toBe('applied');
    const before = await rows();
    for (const [name, body] of [
      ['set_standing_order_status', { key: created.key, status: 'cancelled' }],
      ['skip_standing_order_week', { key: created.key, week: created.start_week, skip: true }],
      [
        'change_standing_order_week',
        { key: created.key, week: created.start_week, quantities: {} },
      ],
    ] as const) {
      const result = await push(newbuyer, name, body);
      expect(result.status).toBe('rejected');
    }
    expect(await rows()).toEqual(before);
    expect((await list(newbuyer)).results.map((o) => o.key)).not.toContain(created.key);
    const other = await t.post(
      '/api/standing_order/list_standing_order',
      { customerKey: 'c-bennett' },
      newbuyer,
    );
    expect(other.status).toBe(403);
  });

  describe('the card it is charged to', () => {
    it("defaults to the buyer's newest usable card; another of their cards can be chosen, on creating or later", async () => {
      const older = await saveTestCard(t, florist, { holder_name: 'Older Card' });
      t.clock.advance(1_000);
      const newest = await saveTestCard(t, florist, { holder_name: 'Newest Card' });
      const byDefault = args();
      expect((await push(florist, 'create_standing_order', byDefault)).status).toBe('applied');
      const chosen = args({ card_key: older.key });
      expect((await push(florist, 'create_standing_order', chosen)).status).toBe('applied');
      const cardOf = async (key: string) =>
        (await list(florist)).results.find((o) => o.key === key)?.card_key;
      expect(await cardOf(byDefault.key)).toBe(newest.key);
      expect(await cardOf(chosen.key)).toBe(older.key);
      const changed = await push(florist, 'set_standing_order_card', {
        key: byDefault.key,
        card_key: older.key,
      });
      expect(changed.status).toBe('applied');
      expect(await cardOf(byDefault.key)).toBe(older.key);
    });

    it("as an attacker: another customer's card key or a key that does not exist is refused (404), nothing changed", async () => {
      const theirs = await saveTestCard(t, newbuyer, { holder_name: 'Not Yours' });
      const mine = args();
      expect((await push(florist, 'create_standing_order', mine)).status).toBe('applied');
      const before = await rows();
      const attempts: [string, unknown, 'not_found' | 'invalid_args'][] = [
        ['create_standing_order', args({ card_key: theirs.key }), 'not_found'],
        ['create_standing_order', args({ card_key: 'card-that-does-not-exist' }), 'not_found'],
        ['set_standing_order_card', { key: mine.key, card_key: theirs.key }, 'not_found'],
        [
          'set_standing_order_card',
          { key: mine.key, card_key: 'card-that-does-not-exist' },
          'not_found',
        ],
        ['create_standing_order', args({ card_key: '' }), 'invalid_args'],
        ['create_standing_order', args({ card_key: 'x'.repeat(65) }), 'invalid_args'],
      ];
      for (const [name, body, code] of attempts) {
        const result = await push(florist, name, body);
        expect(result, JSON.stringify(body).slice(0, 160)).toMatchObject({
          status: 'rejected',
          code,
        });
        if (result.status === 'rejected' && code === 'not_found') {
          expect(result.message).toBe(standingOrderMessages.cardNotFound);
          expect(httpStatusOf(result.code)).toBe(404);
        }
      }
      // Nor can the card of another customer's standing order be set, even to their own card.
      const other = await push(newbuyer, 'set_standing_order_card', {
        key: mine.key,
        card_key: theirs.key,
      });
      expect(other.status).toBe('rejected');
      expect(await rows()).toEqual(before);
    });
  });

  describe('the delivery area', () => {
    const ANCHORAGE = { address: '1 Ice Road', city: 'Anchorage', state: 'AK', zipcode: '99501' };
    const MIAMI = { address: '5 Bay Street', city: 'Miami', state: 'FL', zipcode: '33101' };
    let buyers = 0;

    /** A new buyer whose main address is in `zipcode` (Hoboken 07030 is delivered every day). */
    async function buyer(main = { state: 'NJ', zipcode: '07030' }): Promise<string> {
      buyers += 1;
      const [made] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, `so${buyers}`);
      if (!made) throw new Error('no buyer');
      await t.sql.run(
        `UPDATE customers SET main_street = '120 Main Street', main_city = 'Somewhere',
           main_state = ?, main_zipcode = ? WHERE key = ?`,
        [main.state, main.zipcode, made.customerKey],
      );
      return made.token;
    }
    /** Saves a one-time address in the buyer's address book and answers its key. */
    async function saveAddress(token: string, slAddress: typeof MIAMI): Promise<string> {
      const _KEY = `a-${randomUUID()}`;
      const params = { slAddress, save: true, update: false, _KEY };
      const answer = await run(t, 'customer_address', params, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return _KEY;
    }
    const refusedWith = async (
      token: string,
      fields: Record<string, unknown>,
      code: 'invalid_args' | 'not_found',
      message: string,
    ) => {
      const result = await push(token, 'create_standing_order', args(fields));
      expect(result, JSON.stringify(fields)).toMatchObject({ status: 'rejected', code, message });
      if (result.status === 'rejected')
        expect(httpStatusOf(result.code)).toBe(code === 'not_found' ? 404 : 400);
    };

    it('as an attacker: an address Stemline does not deliver to is refused with the words an add gets, nothing stored', async () => {
      const token = await buyer();
      const anchorage = await saveAddress(token, ANCHORAGE);
      const alaskan = await buyer({ state: 'AK', zipcode: '99501' });
      const before = await rows();
      const refusal = scheduleMessages.notDeliveredTo('99501');
      for (const weekday of [1, 2, 3, 4, 5])
        await refusedWith(
          token,
          { address: anchorage, delivery_weekday: weekday },
          'invalid_args',
          refusal,
        );
      // No address named: the standing order ships to the main address, checked the same.
      await refusedWith(alaskan, {}, 'invalid_args', refusal);
      await refusedWith(alaskan, { address: 'main' }, 'invalid_args', refusal);
      expect(await rows()).toEqual(before);
    });

    it('as an attacker: a weekday the region is not delivered on (Florida: Tuesday and Thursday) is refused, the others taken', async () => {
      const token = await buyer();
      const miami = await saveAddress(token, MIAMI);
      const before = await rows();
      for (const weekday of [1, 3, 5])
        await refusedWith(
          token,
          { address: miami, delivery_weekday: weekday },
          'invalid_args',
          scheduleMessages.notDeliveredOn(weekdayName(weekday), '33101', ['Tuesday', 'Thursday']),
        );
      expect(await rows()).toEqual(before);
      for (const weekday of [2, 4]) {
        const result = await push(
          token,
          'create_standing_order',
          args({ address: miami, delivery_weekday: weekday }),
        );
        expect(result.status, JSON.stringify(result)).toBe('applied');
      }
      // Its main address in Hoboken is delivered on a Wednesday.
      const main = await push(token, 'create_standing_order', args({ delivery_weekday: 3 }));
      expect(main.status, JSON.stringify(main)).toBe('applied');
    });

    it("as an attacker: another customer's address key, or one that does not exist, is refused (404), nothing stored", async () => {
      const [victim, attacker] = [await buyer(), await buyer()];
      const theirs = await saveAddress(victim, MIAMI);
      const before = await rows();
      for (const address of [theirs, 'a-does-not-exist'])
        for (const weekday of [2, 3])
          await refusedWith(
            attacker,
            { address, delivery_weekday: weekday },
            'not_found',
            checkoutMessages.addressNotFound,
          );
      expect(await rows()).toEqual(before);
    });
  });

  it('a cancelled order can no longer change', async () => {
    const created = args();
    await push(florist, 'create_standing_order', created);
    expect(
      (await push(florist, 'set_standing_order_status', { key: created.key, status: 'cancelled' }))
        .status,
    ).toBe('applied');
    const again = await push(florist, 'set_standing_order_status', {
      key: created.key,
      status: 'active',
    });
    expect(again).toMatchObject({ status: 'rejected', message: standingOrderMessages.cancelled });
  });

  it("an email-only guest session neither reads the email's standing orders nor makes one", async () => {
    const visitor = await publicToken(t);
    const email = uniqueEmail('standing');
    const signIn = async () =>
      guestSignInAnswerSchema.parse(
        (
          await run(
            t,
            'guest_sign_in',
            { email, reCaptchaToken: await solveCaptcha(t.url) },
            visitor,
          )
        ).body,
      ).token ?? '';
    await signIn();
    const owner = await followMailedLink(t, email);
    const created = args();
    expect((await push(owner, 'create_standing_order', created)).status).toBe('applied');
    const attacker = await signIn();
    const before = await rows();
    expect((await t.post('/api/standing_order/list_standing_order', {}, attacker)).status).toBe(
      403,
    );
    const pulled = await t.get('/api/sync/pull/standing_orders?checkpoint=0', attacker);
    expect((pulled.body as { documents: unknown[] }).documents).toEqual([]);
    for (const [name, body] of [
      ['create_standing_order', args()],
      ['set_standing_order_status', { key: created.key, status: 'cancelled' }],
    ] as const)
      expect((await push(attacker, name, body)).status).toBe('rejected');
    expect(
      (await t.post('/api/repurchase_products', { items: [], eta_date: 20300101 }, attacker))
        .status,
    ).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
