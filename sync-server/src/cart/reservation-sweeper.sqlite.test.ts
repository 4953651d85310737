import { describe, expect, it } from 'vitest';
import { noticeSchema, pullAnswerSchema, stemlineMessages, unitsPerBox } from '@stemline/shared';
import { openEventStream } from '../test-support/event-stream';
import { HOLD, MINUTE, useHoldFixture } from '../test-support/hold-fixture';
import { addArgs, stockOf } from '../test-support/test-server';
import { onPostgres } from '../test-support/test-database';
import { closeWriteGate } from '../test-support/write-gate';

describe('reservation sweeper', () => {
  const hold = useHoldFixture();
  const { add, line: lineInCart, openMarket, regular } = hold;

  /** Moves the clock and sweeps in the same tick, so the background timer cannot sweep first. */
  function sweepAt(nowMs: number): Promise<number> {
    hold.t.clock.now = nowMs;
    return hold.t.server.sweepReservations();
  }

  async function pull(token: string, collection: 'cart_lines' | 'notices', checkpoint: number) {
    const answer = await hold.t.get(`/api/sync/pull/${collection}?checkpoint=${checkpoint}`, token);
    return pullAnswerSchema.parse(answer.body).documents;
  }

  const currentSeq = async (): Promise<number> =>
    (await hold.t.get<{ seq: number }>('/api/health')).body.seq;

  it('holds an open-market line until 30 minutes by the server clock, then returns its stock with a tombstone and a notice', async () => {
    const offer = openMarket();
    const addedAt = hold.t.clock.now;
    // The stream opens before the add and hears the add's own poke first: on PostgreSQL a
    // poke travels through NOTIFY and could otherwise land in the quiet window below.
    const stream = await openEventStream(
      `${hold.t.url}/api/sync/stream?access_token=${hold.florist}`,
    );
    let line: Awaited<ReturnType<typeof add>>;
    let checkpoint: number;
    try {
      expect((await stream.next())?.event).toBe('hello');
      line = await add(hold.florist, offer, 2);
      expect(line.reserved_until).toBe(addedAt + HOLD);
      expect(await stream.next()).toMatchObject({ event: 'poke' });
      checkpoint = await currentSeq();

      expect(await sweepAt(addedAt + 29 * MINUTE)).toBe(0);
      expect(await lineInCart(hold.florist, offer)).toMatchObject({ boxes: 2 });
      expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(
        offer.available - 2 * unitsPerBox(offer),
      );
      expect(await stream.next(300)).toBeNull();

      expect(await sweepAt(addedAt + HOLD)).toBe(1);
      expect(await stream.next()).toEqual({
        event: 'poke',
        data: { collections: ['cart_lines', 'notices'] },
      });
    } finally {
      await stream.close();
    }

    expect(await lineInCart(hold.florist, offer)).toBeUndefined();
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);
    const inCatalog = (await hold.t.catalog(hold.florist, hold.day1)).offers.find(
      (o) => o.inventory_key === offer.inventory_key,
    );
    expect(inCatalog?.available).toBe(offer.available);

    const lines = await pull(hold.florist, 'cart_lines', checkpoint);
    expect(lines).toContainEqual(expect.objectContaining({ key: line.key, _deleted: true }));

    const notices = (await pull(hold.florist, 'notices', checkpoint)).map((doc) =>
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

    expect(await sweepAt(addedAt + 2 * HOLD)).toBe(0);
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);
  });

  it('keeps the first add’s 30 minutes when the same row is added again', async () => {
    const offer = openMarket();
    const firstAdd = hold.t.clock.now;
    await add(hold.florist, offer, 1);
    hold.t.clock.now = firstAdd + 20 * MINUTE;
    const line = await add(hold.florist, offer, 1);
    expect(line).toMatchObject({
      boxes: 2,
      reserved_until: firstAdd + HOLD,
      added_at: firstAdd,
    });

    await sweepAt(firstAdd + HOLD);
    expect(await lineInCart(hold.florist, offer)).toBeUndefined();
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);
  });

  it('cannot be renewed by box changes: 2 → 3 → 2 in one call, or one box up every 20 minutes', async () => {
    const offer = openMarket();
    const firstAdd = hold.t.clock.now;
    const { key } = await add(hold.florist, offer, 2);
    const change = (boxes: number[]) =>
      hold.t.post<{ results: { status: string; boxes: number }[] }>(
        '/api/cart_box/execute_box_changes',
        { changes: boxes.map((n) => ({ key, boxes: n })) },
        hold.florist,
      );

    hold.t.clock.now = firstAdd + 10 * MINUTE;
    const upDown = await change([3, 2]);
    expect(upDown.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await lineInCart(hold.florist, offer)).toMatchObject({
      boxes: 2,
      reserved_until: firstAdd + HOLD,
    });

    hold.t.clock.now = firstAdd + 20 * MINUTE;
    expect((await change([3])).body.results[0]).toMatchObject({ status: 'applied', boxes: 3 });
    expect(await lineInCart(hold.florist, offer)).toMatchObject({
      boxes: 3,
      reserved_until: firstAdd + HOLD,
    });

    await sweepAt(firstAdd + HOLD);
    expect(await lineInCart(hold.florist, offer)).toBeUndefined();
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);
  });

  it('cannot be renewed by queued mutations either', async () => {
    const offer = openMarket();
    const firstAdd = hold.t.clock.now;
    const { key } = await add(hold.florist, offer, 1);
    hold.t.clock.now = firstAdd + 25 * MINUTE;
    const pushed = await hold.t.post<{ results: { status: string }[] }>(
      '/api/sync/push',
      {
        clientId: 'phone',
        mutations: [
          {
            id: `renew-${key}-add`,
            clientId: 'phone',
            name: 'add_to_cart',
            args: addArgs(offer, hold.day1, 1),
            createdAt: hold.t.clock.now,
          },
          {
            id: `renew-${key}-change`,
            clientId: 'phone',
            name: 'execute_box_changes',
            args: { changes: [{ key, boxes: 4 }] },
            createdAt: hold.t.clock.now,
          },
        ],
      },
      hold.florist,
    );
    expect(pushed.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await lineInCart(hold.florist, offer)).toMatchObject({
      boxes: 4,
      reserved_until: firstAdd + HOLD,
    });

    await sweepAt(firstAdd + HOLD);
    expect(await lineInCart(hold.florist, offer)).toBeUndefined();
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);
  });

  it('releases each customer’s line at its own time and tells only that customer', async () => {
    const floristOffer = openMarket();
    const newbuyerOffer = openMarket();
    const start = hold.t.clock.now;
    const checkpoint = await currentSeq();
    await add(hold.florist, floristOffer, 1);
    hold.t.clock.now = start + 10 * MINUTE;
    const newbuyerLine = await add(hold.newbuyer, newbuyerOffer, 3);

    await sweepAt(start + HOLD);
    expect(await lineInCart(hold.florist, floristOffer)).toBeUndefined();
    expect(await lineInCart(hold.newbuyer, newbuyerOffer)).toMatchObject({ boxes: 3 });
    expect(await pull(hold.florist, 'notices', checkpoint)).toHaveLength(1);
    expect(await pull(hold.newbuyer, 'notices', checkpoint)).toHaveLength(0);

    await sweepAt(start + 10 * MINUTE + HOLD);
    expect(await lineInCart(hold.newbuyer, newbuyerOffer)).toBeUndefined();
    expect(await stockOf(hold.t.sql, newbuyerOffer.inventory_key)).toBe(newbuyerOffer.available);
    const [notice] = (await pull(hold.newbuyer, 'notices', checkpoint)).map((doc) =>
      noticeSchema.parse(doc),
    );
    expect(notice?.message).toBe(stemlineMessages.reservationExpired(newbuyerLine.variety_name, 3));
  });

  it('never releases a regular line, however late it gets', async () => {
    const offer = regular();
    const addedAt = hold.t.clock.now;
    const line = await add(hold.newbuyer, offer, 2);
    expect(line.reserved_until).toBeNull();

    for (const later of [HOLD, 2 * HOLD, 6 * 60 * MINUTE]) {
      await sweepAt(addedAt + later);
      expect(await lineInCart(hold.newbuyer, offer)).toMatchObject({ boxes: 2 });
    }
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(
      offer.available - 2 * unitsPerBox(offer),
    );
  });

  it.runIf(onPostgres)(
    'a buyer adding to a line as its hold ends, on another connection, leaves the line whole and its stock counted',
    async () => {
      const offer = openMarket();
      const addedAt = hold.t.clock.now;
      await add(hold.florist, offer, 2);
      const gate = await closeWriteGate(hold.t);
      let adding: Promise<unknown>;
      let sweeping: Promise<number>;
      try {
        // The buyer's add reads the line a second before its hold ends, then waits at the gate.
        hold.t.clock.now = addedAt + HOLD - 1000;
        adding = add(hold.florist, offer, 1);
        await gate.waiting(1);
        // The sweep of the next second finds the hold ended and races the add.
        hold.t.clock.now = addedAt + HOLD;
        sweeping = hold.t.server.sweepReservations();
        await gate.waiting(2);
      } finally {
        await gate.open();
      }

      // The add keeps the line's hold (it never moves it forward), so the sweep that waited for
      // it releases the whole line, the added box with it, and every unit goes back.
      expect(await adding).toMatchObject({ boxes: 3, reserved_until: addedAt + HOLD });
      expect(await sweeping).toBe(1);
      expect(await lineInCart(hold.florist, offer)).toBeUndefined();
      expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);
    },
  );
});
