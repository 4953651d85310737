import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  noticeSchema,
  pullAnswerSchema,
  RESERVATION_MINUTES,
  stemlineMessages,
  unitsPerBox,
  type CartGroup,
  type CartLine,
  type Offer,
} from '@stemline/shared';
import { openEventStream } from '../test-support/event-stream';
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

describe('reservation sweeper', () => {
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

  /** Moves the clock and sweeps in the same tick, so the background timer cannot sweep first. */
  function sweepAt(nowMs: number): number {
    t.clock.now = nowMs;
    return t.server.sweepReservations();
  }

  async function add(token: string, offer: Offer, boxes: number): Promise<CartLine> {
    const answer = await t.post<{ items: CartLine[] }>(
      '/api/cart_box/add_to_cart',
      addArgs(offer, day1, boxes),
      token,
    );
    expect(answer.status).toBe(200);
    const line = answer.body.items.find(
      (item) => item.key === cartLineKey(offer.inventory_key, day1),
    );
    if (!line) throw new Error('the added line is not in the cart');
    return line;
  }

  async function lineInCart(token: string, offer: Offer): Promise<CartLine | undefined> {
    const answer = await t.post<{ results: CartGroup[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    return answer.body.results
      .flatMap((group) => group.items)
      .find((line) => line.inventory_key === offer.inventory_key);
  }

  async function pull(token: string, collection: 'cart_lines' | 'notices', checkpoint: number) {
    const answer = await t.get(`/api/sync/pull/${collection}?checkpoint=${checkpoint}`, token);
    return pullAnswerSchema.parse(answer.body).documents;
  }

  const currentSeq = async (): Promise<number> =>
    (await t.get<{ seq: number }>('/api/health')).body.seq;

  it('holds an open-market line until 30 minutes by the server clock, then returns its stock with a tombstone and a notice', async () => {
    const offer = openMarket();
    const addedAt = t.clock.now;
    const line = await add(florist, offer, 2);
    expect(line.reserved_until).toBe(addedAt + HOLD);
    const checkpoint = await currentSeq();
    const stream = await openEventStream(`${t.url}/api/sync/stream?access_token=${florist}`);
    try {
      expect((await stream.next())?.event).toBe('hello');

      expect(sweepAt(addedAt + 29 * MINUTE)).toBe(0);
      expect(await lineInCart(florist, offer)).toMatchObject({ boxes: 2 });
      expect(availableUnits(t.db, offer.inventory_key)).toBe(
        offer.available - 2 * unitsPerBox(offer),
      );
      expect(await stream.next(300)).toBeNull();

      expect(sweepAt(addedAt + HOLD)).toBe(1);
      expect(await stream.next()).toEqual({
        event: 'poke',
        data: { collections: ['cart_lines', 'notices'] },
      });
    } finally {
      await stream.close();
    }

    expect(await lineInCart(florist, offer)).toBeUndefined();
    expect(availableUnits(t.db, offer.inventory_key)).toBe(offer.available);
    const inCatalog = (await t.catalog(florist, day1)).offers.find(
      (o) => o.inventory_key === offer.inventory_key,
    );
    expect(inCatalog?.available).toBe(offer.available);

    const lines = await pull(florist, 'cart_lines', checkpoint);
    expect(lines).toContainEqual(expect.objectContaining({ key: line.key, _deleted: true }));

    const notices = (await pull(florist, 'notices', checkpoint)).map((doc) =>
      noticeSchema.parse(doc),
    );
    expect(notices).toEqual([
      {
        key: expect.any(String) as string,
        kind: 'reservation_expired',
        message: stemlineMessages.reservationExpired(line.variety_name, 2),
        created_at: addedAt + HOLD,
      },
    ]);

    expect(sweepAt(addedAt + 2 * HOLD)).toBe(0);
    expect(availableUnits(t.db, offer.inventory_key)).toBe(offer.available);
  });

  it('starts the 30 minutes again when more boxes are added to the line', async () => {
    const offer = openMarket();
    const firstAdd = t.clock.now;
    await add(florist, offer, 1);
    t.clock.now = firstAdd + 20 * MINUTE;
    const line = await add(florist, offer, 1);
    expect(line).toMatchObject({
      boxes: 2,
      reserved_until: firstAdd + 50 * MINUTE,
      added_at: firstAdd,
    });

    sweepAt(firstAdd + HOLD);
    expect(await lineInCart(florist, offer)).toMatchObject({ boxes: 2 });

    sweepAt(firstAdd + 50 * MINUTE);
    expect(await lineInCart(florist, offer)).toBeUndefined();
    expect(availableUnits(t.db, offer.inventory_key)).toBe(offer.available);
  });

  it('releases each customer’s line at its own time and tells only that customer', async () => {
    const floristOffer = openMarket();
    const newbuyerOffer = openMarket();
    const start = t.clock.now;
    const checkpoint = await currentSeq();
    await add(florist, floristOffer, 1);
    t.clock.now = start + 10 * MINUTE;
    const newbuyerLine = await add(newbuyer, newbuyerOffer, 3);

    sweepAt(start + HOLD);
    expect(await lineInCart(florist, floristOffer)).toBeUndefined();
    expect(await lineInCart(newbuyer, newbuyerOffer)).toMatchObject({ boxes: 3 });
    expect(await pull(florist, 'notices', checkpoint)).toHaveLength(1);
    expect(await pull(newbuyer, 'notices', checkpoint)).toHaveLength(0);

    sweepAt(start + 10 * MINUTE + HOLD);
    expect(await lineInCart(newbuyer, newbuyerOffer)).toBeUndefined();
    expect(availableUnits(t.db, newbuyerOffer.inventory_key)).toBe(newbuyerOffer.available);
    const [notice] = (await pull(newbuyer, 'notices', checkpoint)).map((doc) =>
      noticeSchema.parse(doc),
    );
    expect(notice?.message).toBe(stemlineMessages.reservationExpired(newbuyerLine.variety_name, 3));
  });

  it('never releases a regular line, however late it gets', async () => {
    const offer = pick(
      'is a regular row with 5+ boxes',
      (o) => !o.open_market && stockBoxes(o) >= 5,
    );
    const addedAt = t.clock.now;
    const line = await add(newbuyer, offer, 2);
    expect(line.reserved_until).toBeNull();

    for (const later of [HOLD, 2 * HOLD, 6 * 60 * MINUTE]) {
      sweepAt(addedAt + later);
      expect(await lineInCart(newbuyer, offer)).toMatchObject({ boxes: 2 });
    }
    expect(availableUnits(t.db, offer.inventory_key)).toBe(
      offer.available - 2 * unitsPerBox(offer),
    );
  });
});
