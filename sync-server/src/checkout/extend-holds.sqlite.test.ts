import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  checkoutMessages,
  pushAnswerSchema,
  RESERVATION_MINUTES,
  unitsPerBox,
  type CartGroup,
  type CartLine,
  type Offer,
} from '@stemline/shared';
import { checkoutState } from '../test-support/checkout-state';
import {
  accounts,
  addArgs,
  availableUnits,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const MINUTE = 60_000;
const HOLD = RESERVATION_MINUTES * MINUTE;
const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

describe('extend_expiration_boxes', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let day1 = 0;
  let pick: ReturnType<typeof createOfferPicker>;
  const openMarket = (): Offer =>
    pick('is an open-market row with 5+ boxes', (o) => o.open_market && stockBoxes(o) >= 5);

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    [day1 = 0] = t.deliveryDates(1);
    pick = createOfferPicker((await t.catalog(florist, day1)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  async function add(token: string, offer: Offer, boxes = 1): Promise<void> {
    expect(
      (await t.post('/api/cart_box/add_to_cart', addArgs(offer, day1, boxes), token)).status,
    ).toBe(200);
  }
  async function line(token: string, offer: Offer): Promise<CartLine | undefined> {
    const answer = await t.post<{ results: CartGroup[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    return answer.body.results
      .flatMap((group) => group.items)
      .find((item) => item.key === cartLineKey(offer.inventory_key, day1));
  }
  const extend = (token: string) => t.post('/api/checkout/extend_expiration_boxes', {}, token);

  it('restarts each running open-market hold at 30 minutes from now, once per line', async () => {
    const [first, second] = [openMarket(), openMarket()];
    const start = t.clock.now;
    try {
      await add(florist, first);
      t.clock.now = start + 10 * MINUTE;
      await add(florist, second);
      t.clock.now = start + 25 * MINUTE;
      const answer = await extend(florist);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        extended: 2,
        message: checkoutMessages.holdsExtended(2),
      });
      expect((await line(florist, first))?.reserved_until).toBe(start + 25 * MINUTE + HOLD);
      expect((await line(florist, second))?.reserved_until).toBe(start + 25 * MINUTE + HOLD);

      t.clock.now = start + 40 * MINUTE;
      const before = checkoutState(t.db);
      const again = await extend(florist);
      expect(again.body).toMatchObject({ success: true, extended: 0, message: null });
      expect(checkoutState(t.db)).toEqual(before);

      expect(t.server.sweepReservations()).toBe(0);
      t.clock.now = start + 25 * MINUTE + HOLD;
      expect(t.server.sweepReservations()).toBe(2);
    } finally {
      t.clock.now = start;
    }
  });

  it('never revives a hold that has ended, and leaves regular lines and other customers alone', async () => {
    const ended = openMarket();
    const regular = pick(
      'is a regular row with 5+ boxes',
      (o) => !o.open_market && stockBoxes(o) >= 5,
    );
    const theirs = openMarket();
    const start = t.clock.now;
    try {
      await add(florist, ended, 2);
      await add(florist, regular);
      await add(newbuyer, theirs);
      const theirHold = (await line(newbuyer, theirs))?.reserved_until;
      t.clock.now = start + HOLD + MINUTE;
      const before = checkoutState(t.db);
      const answer = await extend(florist);
      expect(answer.body).toMatchObject({ extended: 0 });
      expect(checkoutState(t.db)).toEqual(before);
      expect((await line(newbuyer, theirs))?.reserved_until).toBe(theirHold);
      const units = availableUnits(t.db, ended.inventory_key);
      expect(t.server.sweepReservations()).toBeGreaterThanOrEqual(1);
      expect(availableUnits(t.db, ended.inventory_key)).toBe(units + 2 * unitsPerBox(ended));
      expect(await line(florist, regular)).toMatchObject({ reserved_until: null });
    } finally {
      t.clock.now = start;
    }
  });

  it('runs the same rule as a queued mutation and as the run op, and allows a new extension after the line is added again', async () => {
    const offer = openMarket();
    const start = t.clock.now;
    try {
      await add(newbuyer, offer);
      t.clock.now = start + 5 * MINUTE;
      const mutation = {
        id: `m-${randomUUID()}`,
        clientId: 'phone',
        name: 'extend_expiration_boxes',
        args: {},
        createdAt: t.clock.now,
      };
      const pushed = await t.post(
        '/api/sync/push',
        { clientId: 'phone', mutations: [mutation] },
        newbuyer,
      );
      expect(pushAnswerSchema.parse(pushed.body).results[0]).toMatchObject({
        status: 'applied',
        message: checkoutMessages.holdsExtended(1),
      });
      expect((await line(newbuyer, offer))?.reserved_until).toBe(start + 5 * MINUTE + HOLD);
      const viaRun = await t.post(
        '/api/cs/run',
        { key: 'extend_expiration_boxes', params: {} },
        newbuyer,
      );
      expect(viaRun.body).toMatchObject({ success: true, extended: 0 });

      const lineKey = cartLineKey(offer.inventory_key, day1);
      expect(
        (await t.post('/api/cart_box/delete_boxes', { keys: [lineKey] }, newbuyer)).status,
      ).toBe(200);
      t.clock.now = start + 6 * MINUTE;
      await add(newbuyer, offer);
      t.clock.now = start + 7 * MINUTE;
      expect((await extend(newbuyer)).body).toMatchObject({ extended: 1 });
    } finally {
      t.clock.now = start;
    }
  });

  it('refuses a body naming another customer (403), changing nothing', async () => {
    const before = checkoutState(t.db);
    expect(
      (await t.post('/api/checkout/extend_expiration_boxes', { customer: 'c-park' }, florist))
        .status,
    ).toBe(403);
    expect(checkoutState(t.db)).toEqual(before);
  });
});
