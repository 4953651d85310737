import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCartAnswerSchema,
  centsToDollars,
  boxesOffered,
  deliveryMessages,
  MAIN_ADDRESS_KEY,
  cartLineKey,
  parseEtaDate,
  stemlineMessages,
  toEtaDate,
  unitsPerBox,
  type CartGroup,
  type CartLine,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  addArgs,
  stockOf,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  withBoxes,
  type TestServer,
} from '../test-support/test-server';

const ADD = '/api/cart_box/add_to_cart';
const DAY_MS = 24 * 3600_000;

function daysBefore(etaDate: number, days: number): number {
  const date = parseEtaDate(etaDate);
  if (!date) throw new Error(`not a date: ${etaDate}`);
  return toEtaDate(date.subtract({ days }));
}

/** Whole boxes in stock, without the display cap of 30. */
const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

describe('POST /api/cart_box/add_to_cart', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let guest = '';
  let day1 = 0;
  let day2 = 0;
  let nextWeek = 0;
  let offers: Offer[] = [];
  let pick: ReturnType<typeof createOfferPicker>;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, guest] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.guest),
    ]);
    [day1 = 0, day2 = 0, nextWeek = 0] = t.deliveryDates(3);
    offers = (await t.catalog(florist, day1)).offers;
    pick = createOfferPicker(offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const add = (token: string, body: unknown) => t.post(ADD, body, token);

  async function cartLines(token: string): Promise<CartLine[]> {
    const answer = await t.post<{ success: boolean; results: CartGroup[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    expect(answer.status).toBe(200);
    return answer.body.results.flatMap((group) => group.items);
  }

  async function boxesInCart(token: string, offer: Offer, etaDate = day1): Promise<number> {
    const key = cartLineKey(offer.inventory_key, etaDate);
    return (await cartLines(token)).find((line) => line.key === key)?.boxes ?? 0;
  }

  it('adds boxes and answers success with the whole cart as items', async () => {
    const offer = pick(
      'is a regular row with at least 10 boxes',
      (o) => !o.open_market && stockBoxes(o) >= 10,
    );
    const answer = await add(florist, addArgs(offer, day1, 2));
    expect(answer.status).toBe(200);
    const body = addToCartAnswerSchema.parse(answer.body);
    expect(body).toMatchObject({ success: true, error: null });
    expect(body.items.find((line) => line.inventory_key === offer.inventory_key)).toMatchObject({
      key: cartLineKey(offer.inventory_key, day1),
      boxes: 2,
      eta_date: day1,
      variety_key: offer.variety_key,
      grower_key: offer.grower_key,
      // A spec answer: the line's prices in dollars, as they always were.
      price_at_add: centsToDollars(offer.stem_price_cents),
      open_market: false,
      reserved_until: null,
    });
    expect(await stockOf(t.sql, offer.inventory_key)).toBe(
      offer.available - 2 * unitsPerBox(offer),
    );
  });

  it('finds the row with the most stock by variety, grower and length when no inventory_key is sent', async () => {
    const offer = pick(
      'is a regular row with at least 5 boxes',
      (o) => !o.open_market && stockBoxes(o) >= 5,
    );
    const { inventory_key: _omitted, ...args } = addArgs(offer, day1, 1);
    const answer = await add(newbuyer, args);
    expect(answer.status).toBe(200);
    const siblings = offers.filter(
      (o) =>
        o.variety_key === offer.variety_key &&
        o.grower_key === offer.grower_key &&
        o.length === offer.length,
    );
    const richest = Math.max(...siblings.map((o) => o.available));
    const line = addToCartAnswerSchema
      .parse(answer.body)
      .items.find((item) => item.variety_key === offer.variety_key);
    expect(siblings.find((o) => o.inventory_key === line?.inventory_key)?.available).toBe(richest);
  });

  it.each([
    ['the string "2"', '2', 2],
    ['a string with spaces', ' 3 ', 3],
    ['a decimal string (cut, not rounded)', '2.9', 2],
    ['a number', 4, 4],
  ])('parses the quantity as an integer: %s gives %i boxes', async (_case, quantity, expected) => {
    const offer = pick(
      'is a regular row with at least 10 boxes',
      (o) => !o.open_market && stockBoxes(o) >= 10,
    );
    const answer = await add(guest, addArgs(offer, day1, quantity));
    expect(answer.status).toBe(200);
    expect(await boxesInCart(guest, offer)).toBe(expected);
  });

  it.each([
    ['0', 0],
    ['the string "0"', '0'],
    ['an empty string', ''],
    ['a negative number', -1],
    ['a word', 'many'],
    ['null', null],
  ])(
    'refuses the quantity %s (less than one box) with 400 and changes nothing',
    async (_case, quantity) => {
      const offer = pick('has at least 5 boxes', (o) => stockBoxes(o) >= 5);
      const before = await databaseStateOf(t.sql);
      const answer = await add(florist, addArgs(offer, day1, quantity));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: 'Please choose at least one box.',
      });
      expect(await databaseStateOf(t.sql)).toEqual(before);
    },
  );

  it.each([
    [3, 5, 'Only 3 boxes were left'],
    [1, 2, 'Only 1 box was left'],
  ])('with %i boxes left, asking %i takes only those and says %j', async (left, asked, message) => {
    const offer = pick(`has exactly ${left} boxes`, withBoxes(left));
    const answer = await add(newbuyer, addArgs(offer, day1, asked));
    expect(answer.status).toBe(200);
    expect(addToCartAnswerSchema.parse(answer.body)).toMatchObject({
      success: true,
      error: message,
    });
    expect(await boxesInCart(newbuyer, offer)).toBe(left);
    const remaining = await stockOf(t.sql, offer.inventory_key);
    expect(remaining).toBe(offer.available - left * unitsPerBox(offer));
    expect(remaining).toBeLessThan(unitsPerBox(offer));
  });

  it('answers 409 with the sold-out message when no box is left, and changes no stock and no cart', async () => {
    const offer = pick('has exactly 2 boxes', withBoxes(2));
    expect((await add(florist, addArgs(offer, day1, 2))).status).toBe(200);

    for (const [token, quantity] of [
      [florist, 1],
      [guest, 3],
    ] as const) {
      const before = await databaseStateOf(t.sql);
      const cartBefore = await cartLines(token);
      const answer = await add(token, addArgs(offer, day1, quantity));
      expect(answer.status).toBe(409);
      expect(addToCartAnswerSchema.parse(answer.body)).toEqual({
        success: false,
        items: cartBefore,
        error: stemlineMessages.soldOut,
      });
      expect(await databaseStateOf(t.sql)).toEqual(before);
    }
  });

  it('keeps at most 30 boxes of one price row in a cart across repeated adds', async () => {
    const offer = pick('has at least 45 boxes', (o) => stockBoxes(o) >= 45);
    expect((await add(guest, addArgs(offer, day1, 20))).status).toBe(200);

    const second = await add(guest, addArgs(offer, day1, 20));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ success: true, error: stemlineMessages.boxLimit(30) });
    expect(await boxesInCart(guest, offer)).toBe(30);

    const before = await databaseStateOf(t.sql);
    const third = await add(guest, addArgs(offer, day1, 1));
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ success: false, error: stemlineMessages.boxLimit(30) });
    expect(await databaseStateOf(t.sql)).toEqual(before);
    expect(await stockOf(t.sql, offer.inventory_key)).toBe(
      offer.available - 30 * unitsPerBox(offer),
    );

    expect((await add(florist, addArgs(offer, day1, 5))).status).toBe(200);
    expect(await boxesInCart(florist, offer)).toBe(5);
  });

  it('keeps the 30-box cap of a row and date across delivery addresses', async () => {
    const offer = pick(
      'has at least 36 boxes through day 2',
      (o) => stockBoxes(o) >= 36 && o.eta_to >= day2,
    );
    const stock = await stockOf(t.sql, offer.inventory_key);
    expect((await add(florist, addArgs(offer, day1, 30))).status).toBe(200);

    // The same row and day to another address is the same option: no more room.
    const before = await databaseStateOf(t.sql);
    const toMain = await add(florist, { ...addArgs(offer, day1, 5), address: MAIN_ADDRESS_KEY });
    expect(toMain.status).toBe(409);
    expect(toMain.body).toMatchObject({ success: false, error: stemlineMessages.boxLimit(30) });
    expect(await databaseStateOf(t.sql)).toEqual(before);

    // Lowering one address's line frees room on the other, and only that much.
    const key = cartLineKey(offer.inventory_key, day1);
    const lowered = await t.post(
      '/api/cart_box/execute_box_changes',
      { changes: [{ key, boxes: 24 }] },
      florist,
    );
    expect(lowered.status).toBe(200);
    const partial = await add(florist, {
      ...addArgs(offer, day1, 23),
      address: MAIN_ADDRESS_KEY,
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ success: true, error: stemlineMessages.boxLimit(30) });
    const lines = (await cartLines(florist)).filter(
      (line) => line.inventory_key === offer.inventory_key && line.eta_date === day1,
    );
    expect(lines.map((line) => line.boxes).sort((a, b) => a - b)).toEqual([6, 24]);
    expect(await stockOf(t.sql, offer.inventory_key)).toBe(stock - 30 * unitsPerBox(offer));

    // Raising the first line again is capped by the boxes the other address holds.
    const raised = await t.post<{ results: { status: string; boxes: number }[] }>(
      '/api/cart_box/execute_box_changes',
      { changes: [{ key, boxes: 30 }] },
      florist,
    );
    expect(raised.body.results[0]).toMatchObject({ status: 'rejected', boxes: 24 });

    // Another day of the same row is another option with its own 30.
    expect((await add(florist, addArgs(offer, day2, 5))).status).toBe(200);
  });

  describe('refuses an offer that cannot be delivered on that date, changing nothing', () => {
    const cases: [string, () => unknown][] = [
      [
        'an unknown inventory_key',
        () => ({ ...addArgs(offers[0] as Offer, day1, 1), inventory_key: 9_999_999 }),
      ],
      [
        'an unknown variety',
        () => ({
          ...addArgs(offers[0] as Offer, day1, 1),
          variety: 'v-does-not-exist',
          inventory_key: undefined,
        }),
      ],
      [
        'the inventory_key of one row with the variety of another',
        () => ({
          ...addArgs(offers[0] as Offer, day1, 1),
          variety: offers.find((o) => o.variety_key !== offers[0]?.variety_key)?.variety_key,
        }),
      ],
      [
        'a length the grower does not cut',
        () => ({ ...addArgs(offers[0] as Offer, day1, 1), length: 999, inventory_key: undefined }),
      ],
      [
        'a date after the row’s window',
        () => {
          const offer = offers.find((o) => o.eta_to < nextWeek) as Offer;
          return addArgs(offer, nextWeek, 1);
        },
      ],
    ];

    it.each(cases)('%s → 404', async (_case, makeBody) => {
      const before = await databaseStateOf(t.sql);
      const answer = await add(florist, makeBody());
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, error: stemlineMessages.offerNotFound });
      expect(await databaseStateOf(t.sql)).toEqual(before);
    });
  });

  it.each([
    ['a Saturday', () => addArgs(offers[0] as Offer, daysBefore(nextWeek, 2), 1)],
    ['a date long past', () => addArgs(offers[0] as Offer, 20200106, 1)],
  ])('refuses %s as a day that cannot be chosen (400), changing nothing', async (_case, body) => {
    const before = await databaseStateOf(t.sql);
    const answer = await add(florist, body());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      error: deliveryMessages.dateNotSelectable,
    });
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('never delivers on a weekend, even when a row’s window spans one', async () => {
    const offer = pick(
      'is a Thursday–Friday row with 5+ boxes',
      (o) => o.eta_to === day2 && stockBoxes(o) >= 5,
    );
    const monday = nextWeek;
    await t.sql.run('UPDATE offers SET eta_to = ? WHERE inventory_key = ?', [
      monday,
      offer.inventory_key,
    ]);
    const before = await databaseStateOf(t.sql);
    for (const weekendDay of [daysBefore(monday, 2), daysBefore(monday, 1)]) {
      const answer = await add(florist, addArgs(offer, weekendDay, 1));
      expect(answer.status, String(weekendDay)).toBe(400);
    }
    expect(await databaseStateOf(t.sql)).toEqual(before);
    expect((await add(florist, addArgs(offer, monday, 1))).status).toBe(200);
  });

  it('refuses today’s and yesterday’s delivery dates by the server clock, though the row still lists them', async () => {
    const offer = pick(
      'is a Thursday–Friday row with 5+ boxes',
      (o) => o.eta_from === day1 && o.eta_to === day2 && stockBoxes(o) >= 5,
    );
    const start = t.clock.now;
    try {
      t.clock.advance(DAY_MS); // now it is day1 in New York
      const before = await databaseStateOf(t.sql);
      expect((await add(florist, addArgs(offer, day1, 1))).status).toBe(400);
      t.clock.advance(DAY_MS); // day1 is yesterday
      expect((await add(florist, addArgs(offer, day1, 1))).status).toBe(400);
      expect(await databaseStateOf(t.sql)).toEqual(before);
      t.clock.now = start + DAY_MS;
      expect((await add(florist, addArgs(offer, day2, 1))).status).toBe(200);
    } finally {
      t.clock.now = start;
    }
  });

  describe('refuses a malformed body with 400 naming the field, changing nothing', () => {
    const valid = (): Record<string, unknown> => addArgs(offers[1] as Offer, day1, 1);
    const cases: [string, () => unknown, string][] = [
      ['a missing variety', () => ({ ...valid(), variety: undefined }), 'variety'],
      ['an empty variety', () => ({ ...valid(), variety: '' }), 'variety'],
      [
        'a 10,000-character variety',
        () => ({ ...valid(), variety: 'v'.repeat(10_000) }),
        'variety',
      ],
      ['a 100,000-character grower', () => ({ ...valid(), grower: 'g'.repeat(100_000) }), 'grower'],
      ['a variety that is an object', () => ({ ...valid(), variety: { $ne: null } }), 'variety'],
      ['eta_date "abc"', () => ({ ...valid(), eta_date: 'abc' }), 'eta_date'],
      ['eta_date before the year 2000', () => ({ ...valid(), eta_date: 19991231 }), 'eta_date'],
      ['a fractional eta_date', () => ({ ...valid(), eta_date: day1 + 0.5 }), 'eta_date'],
      [
        'an eta_date not in the calendar (30 February)',
        () => ({ ...valid(), eta_date: 20270230 }),
        'eta_date',
      ],
      ['a quantity that is an object', () => ({ ...valid(), quantity: { boxes: 3 } }), 'quantity'],
      ['a quantity that is an array', () => ({ ...valid(), quantity: [3] }), 'quantity'],
      ['length "abc"', () => ({ ...valid(), length: 'abc' }), 'length'],
      ['a negative length', () => ({ ...valid(), length: -60 }), 'length'],
      ['inventory_key as a string', () => ({ ...valid(), inventory_key: '12' }), 'inventory_key'],
      ['a negative inventory_key', () => ({ ...valid(), inventory_key: -1 }), 'inventory_key'],
      [
        'a quantity beyond any integer',
        () => ({ ...valid(), quantity: '99999999999999999999' }),
        'quantity',
      ],
      ['an array body', () => [valid()], ''],
    ];

    it.each(cases)('%s', async (_case, makeBody, field) => {
      const before = await databaseStateOf(t.sql);
      const answer = await add(florist, makeBody());
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: stemlineMessages.invalidRequest,
        code: 'invalid_request',
      });
      const issues = (answer.body as { issues: { path: string }[] }).issues;
      expect(issues.map((issue) => issue.path)).toContain(field);
      expect(await databaseStateOf(t.sql)).toEqual(before);
    });

    it('a body over the 1 MB limit → 413, changing nothing', async () => {
      const before = await databaseStateOf(t.sql);
      const answer = await add(florist, { ...valid(), campaign_recipient: 'x'.repeat(2_000_000) });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ success: false });
      expect(await databaseStateOf(t.sql)).toEqual(before);
    });
  });

  describe('customers', () => {
    it('a token of one customer never sees another customer’s cart', async () => {
      const offer = pick('has 5+ boxes', (o) => stockBoxes(o) >= 5);
      await add(newbuyer, addArgs(offer, day1, 2));
      const floristKeys = (await cartLines(florist)).map((line) => line.key);
      const newbuyerKeys = (await cartLines(newbuyer)).map((line) => line.key);
      expect(newbuyerKeys).toContain(cartLineKey(offer.inventory_key, day1));
      expect(floristKeys).not.toContain(cartLineKey(offer.inventory_key, day1));

      const asked = await t.post<{ results: CartGroup[] }>(
        '/api/cs/run',
        { key: 'list_carts', params: { customer: 'c-park', user: 'u-newbuyer' } },
        florist,
      );
      expect(asked.body.results.flatMap((group) => group.items).map((line) => line.key)).toEqual(
        floristKeys,
      );
    });

    it('takes the customer from the token, never from the body, and leaves the other cart alone', async () => {
      const offer = pick('has 10+ boxes', (o) => stockBoxes(o) >= 10);
      await add(newbuyer, addArgs(offer, day1, 2));
      const newbuyerBefore = await cartLines(newbuyer);

      const answer = await add(florist, {
        ...addArgs(offer, day1, 3),
        customer: 'c-park',
        user: 'u-newbuyer',
      });
      expect(answer.status).toBe(200);
      expect(await cartLines(newbuyer)).toEqual(newbuyerBefore);
      expect(await boxesInCart(florist, offer)).toBe(3);
      expect(await boxesInCart(newbuyer, offer)).toBe(2);
    });
  });

  it('never oversells: 40 parallel adds by 3 customers grant exactly the stock', async () => {
    const offer = pick('has exactly 7 boxes', withBoxes(7));
    const tokens = [florist, newbuyer, guest];
    const requests = Array.from({ length: 40 }, (_, index) => ({
      token: tokens[index % 3] ?? florist,
      quantity: (index % 3) + 1,
    }));
    const asked = requests.reduce((sum, request) => sum + request.quantity, 0);

    const answers = await Promise.all(
      requests.map((request) => add(request.token, addArgs(offer, day1, request.quantity))),
    );

    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200, 409]));
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toMatchObject({ success: false, error: stemlineMessages.soldOut });
    }
    const granted = (await Promise.all(tokens.map((token) => boxesInCart(token, offer)))).reduce(
      (a, b) => a + b,
      0,
    );
    expect(granted).toBe(Math.min(asked, boxesOffered(offer)));

    const after = (await t.catalog(florist, day1)).offers.find(
      (o) => o.inventory_key === offer.inventory_key,
    );
    expect(after?.available).toBe(offer.available - granted * unitsPerBox(offer));
    expect(after?.available).toBeGreaterThanOrEqual(0);
  });
});
