import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cartLineKey, checkoutMessages, pushAnswerSchema, unitsPerBox } from '@stemline/shared';
import { checkoutStateOf } from '../test-support/checkout-state';
import { HOLD, MINUTE, useHoldFixture } from '../test-support/hold-fixture';
import { stockOf } from '../test-support/test-server';
import { onPostgres } from '../test-support/test-database';
import { closeWriteGate } from '../test-support/write-gate';

describe('extend_expiration_boxes', () => {
  const hold = useHoldFixture();
  const { add, line, openMarket } = hold;

  const extend = (token: string) => hold.t.post('/api/checkout/extend_expiration_boxes', {}, token);

  it('restarts each running open-market hold at 30 minutes from now, once per line', async () => {
    const [first, second] = [openMarket(), openMarket()];
    const start = hold.t.clock.now;
    try {
      await add(hold.florist, first);
      hold.t.clock.now = start + 10 * MINUTE;
      await add(hold.florist, second);
      hold.t.clock.now = start + 25 * MINUTE;
      const answer = await extend(hold.florist);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        extended: 2,
        message: checkoutMessages.holdsExtended(2),
      });
      expect((await line(hold.florist, first))?.reserved_until).toBe(start + 25 * MINUTE + HOLD);
      expect((await line(hold.florist, second))?.reserved_until).toBe(start + 25 * MINUTE + HOLD);

      hold.t.clock.now = start + 40 * MINUTE;
      const before = await checkoutStateOf(hold.t.sql);
      const again = await extend(hold.florist);
      expect(again.body).toMatchObject({ success: true, extended: 0, message: null });
      expect(await checkoutStateOf(hold.t.sql)).toEqual(before);

      expect(await hold.t.server.sweepReservations()).toBe(0);
      hold.t.clock.now = start + 25 * MINUTE + HOLD;
      expect(await hold.t.server.sweepReservations()).toBe(2);
    } finally {
      hold.t.clock.now = start;
    }
  });

  it('never revives a hold that has ended, and leaves regular lines and other customers alone', async () => {
    const ended = openMarket();
    const regular = hold.regular();
    const theirs = openMarket();
    const start = hold.t.clock.now;
    try {
      await add(hold.florist, ended, 2);
      await add(hold.florist, regular);
      await add(hold.newbuyer, theirs);
      const theirHold = (await line(hold.newbuyer, theirs))?.reserved_until;
      hold.t.clock.now = start + HOLD + MINUTE;
      const before = await checkoutStateOf(hold.t.sql);
      const answer = await extend(hold.florist);
      expect(answer.body).toMatchObject({ extended: 0 });
      expect(await checkoutStateOf(hold.t.sql)).toEqual(before);
      expect((await line(hold.newbuyer, theirs))?.reserved_until).toBe(theirHold);
      const units = await stockOf(hold.t.sql, ended.inventory_key);
      expect(await hold.t.server.sweepReservations()).toBeGreaterThanOrEqual(1);
      expect(await stockOf(hold.t.sql, ended.inventory_key)).toBe(units + 2 * unitsPerBox(ended));
      expect(await line(hold.florist, regular)).toMatchObject({ reserved_until: null });
    } finally {
      hold.t.clock.now = start;
    }
  });

  it('runs the same rule as a queued mutation and as the run op, and allows a new extension after the line is added again', async () => {
    const offer = openMarket();
    const start = hold.t.clock.now;
    try {
      await add(hold.newbuyer, offer);
      hold.t.clock.now = start + 5 * MINUTE;
      const mutation = {
        id: `m-${randomUUID()}`,
        clientId: 'phone',
        name: 'extend_expiration_boxes',
        args: {},
        createdAt: hold.t.clock.now,
      };
      const pushed = await hold.t.post(
        '/api/sync/push',
        { clientId: 'phone', mutations: [mutation] },
        hold.newbuyer,
      );
      expect(pushAnswerSchema.parse(pushed.body).results[0]).toMatchObject({
        status: 'applied',
        message: checkoutMessages.holdsExtended(1),
      });
      expect((await line(hold.newbuyer, offer))?.reserved_until).toBe(start + 5 * MINUTE + HOLD);
      const viaRun = await hold.t.post(
        '/api/cs/run',
        { key: 'extend_expiration_boxes', params: {} },
        hold.newbuyer,
      );
      expect(viaRun.body).toMatchObject({ success: true, extended: 0 });

      const lineKey = cartLineKey(offer.inventory_key, hold.day1);
      expect(
        (await hold.t.post('/api/cart_box/delete_boxes', { keys: [lineKey] }, hold.newbuyer))
          .status,
      ).toBe(200);
      hold.t.clock.now = start + 6 * MINUTE;
      await add(hold.newbuyer, offer);
      hold.t.clock.now = start + 7 * MINUTE;
      expect((await extend(hold.newbuyer)).body).toMatchObject({ extended: 1 });
    } finally {
      hold.t.clock.now = start;
    }
  });

  it('refuses a body naming another customer (403), changing nothing', async () => {
    const before = await checkoutStateOf(hold.t.sql);
    expect(
      (
        await hold.t.post(
          '/api/checkout/extend_expiration_boxes',
          { customer: 'c-park' },
          hold.florist,
        )
      ).status,
    ).toBe(403);
    expect(await checkoutStateOf(hold.t.sql)).toEqual(before);
  });

  it.runIf(onPostgres)(
    'an extension racing the same buyer’s add on another connection keeps the boxes the add took',
    async () => {
      const offer = openMarket();
      const start = hold.t.clock.now;
      try {
        await add(hold.florist, offer, 2);
        hold.t.clock.now = start + 10 * MINUTE;
        const gate = await closeWriteGate(hold.t);
        let adding: Promise<unknown>;
        let extending: Promise<{ status: number }>;
        try {
          // The add has read the line (2 boxes) and waits at the gate; the extension comes next.
          adding = add(hold.florist, offer, 1);
          await gate.waiting(1);
          extending = extend(hold.florist);
          await gate.waiting(2);
        } finally {
          await gate.open();
        }

        expect(await adding).toMatchObject({ boxes: 3 });
        expect((await extending).status).toBe(200);
        expect(await line(hold.florist, offer)).toMatchObject({
          boxes: 3,
          reserved_until: start + 10 * MINUTE + HOLD,
        });
        expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(
          offer.available - 3 * unitsPerBox(offer),
        );
      } finally {
        hold.t.clock.now = start;
      }
    },
  );
});
