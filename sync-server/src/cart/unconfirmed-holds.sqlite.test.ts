import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  cartLineSchema,
  deletedProductsAnswerSchema,
  guestSignInAnswerSchema,
  pullAnswerSchema,
  pushAnswerSchema,
  unitsPerBox,
  type CartLine,
  type Offer,
} from '@stemline/shared';
import { publicToken, run, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { followMailedLink } from '../test-support/guests';
import { HOLD, MINUTE, useHoldFixture } from '../test-support/hold-fixture';
import { addArgs, stockOf } from '../test-support/test-server';

/**
 * Audit 37 finding 3: a guest whose email is not confirmed (anyone can open one with any email
 * and a captcha) had its regular lines take stock with no hold, and nothing ever gave it back.
 * Its lines are now held 30 minutes like open-market ones, and confirming the email lifts the
 * regular lines' holds. Verified buyers keep their regular lines without a time limit.
 */
describe('holds of a guest whose email is not confirmed', () => {
  const hold = useHoldFixture();
  let visitor = '';
  beforeAll(async () => {
    visitor = await publicToken(hold.t);
  });

  /** A new email-only guest session (`guest_sign_in`): the email is not confirmed. */
  async function newGuest(): Promise<{ email: string; token: string }> {
    const email = uniqueEmail('unconfirmed');
    return { email, token: await emailOnlySession(email) };
  }

  /** An email-only session (`guest_sign_in`) for `email`, as anyone who types it gets one. */
  async function emailOnlySession(email: string): Promise<string> {
    const answer = await run(
      hold.t,
      'guest_sign_in',
      { email, reCaptchaToken: await solveCaptcha(hold.t.url) },
      visitor,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const signedIn = guestSignInAnswerSchema.parse(answer.body);
    expect(signedIn.user?.metadata.mailbox_verified).toBe(false);
    return signedIn.token ?? '';
  }

  async function push(token: string, name: string, args: unknown) {
    const mutation = {
      id: randomUUID(),
      clientId: 'guest',
      name,
      args,
      createdAt: hold.t.clock.now,
    };
    const answer = await hold.t.post(
      '/api/sync/push',
      { clientId: 'guest', mutations: [mutation] },
      token,
    );
    expect(answer.status).toBe(200);
    return pushAnswerSchema.parse(answer.body).results[0];
  }

  /** The live cart line of `offer` on day 1 that `token` pulls. */
  async function lineOf(token: string, offer: Offer): Promise<CartLine | undefined> {
    const answer = await hold.t.get('/api/sync/pull/cart_lines?checkpoint=0', token);
    expect(answer.status).toBe(200);
    const key = cartLineKey(offer.inventory_key, hold.day1);
    const doc = pullAnswerSchema
      .parse(answer.body)
      .documents.find((candidate) => candidate.key === key && candidate._deleted !== true);
    return doc && cartLineSchema.parse(doc);
  }

  function sweepAt(nowMs: number): Promise<number> {
    hold.t.clock.now = nowMs;
    return hold.t.server.sweepReservations();
  }

  it('holds a regular line it adds for 30 minutes, not moved by growing it; then the sweeper returns the stock and the removed-products message lists it', async () => {
    const guest = await newGuest();
    const offer = hold.regular();
    const addedAt = hold.t.clock.now;
    expect(await push(guest.token, 'add_to_cart', addArgs(offer, hold.day1, 2))).toMatchObject({
      status: 'applied',
    });
    const line = await lineOf(guest.token, offer);
    expect(line).toMatchObject({ open_market: false, boxes: 2, reserved_until: addedAt + HOLD });

    hold.t.clock.now = addedAt + 20 * MINUTE;
    const key = cartLineKey(offer.inventory_key, hold.day1);
    expect(
      await push(guest.token, 'execute_box_changes', { changes: [{ key, boxes: 3 }] }),
    ).toMatchObject({ status: 'applied' });
    expect(await push(guest.token, 'add_to_cart', addArgs(offer, hold.day1, 1))).toMatchObject({
      status: 'applied',
    });
    expect(await lineOf(guest.token, offer)).toMatchObject({
      boxes: 4,
      reserved_until: addedAt + HOLD,
    });
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(
      offer.available - 4 * unitsPerBox(offer),
    );

    expect(await sweepAt(addedAt + HOLD - 1000)).toBe(0);
    expect(await lineOf(guest.token, offer)).toMatchObject({ boxes: 4 });
    expect(await sweepAt(addedAt + HOLD)).toBe(1);
    expect(await lineOf(guest.token, offer)).toBeUndefined();
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);

    const listed = await hold.t.post('/api/customer/get_customer_delete_products', {}, guest.token);
    expect(listed.status).toBe(200);
    expect(deletedProductsAnswerSchema.parse(listed.body).results).toEqual([
      expect.objectContaining({
        inventory_key: offer.inventory_key,
        eta_date: hold.day1,
        boxes: 4,
        reason: 'reservation_expired',
      }),
    ]);
  });

  it('lifts the holds of its regular lines once the email is confirmed; open-market lines keep theirs', async () => {
    const guest = await newGuest();
    const regular = hold.regular();
    const openMarket = hold.openMarket();
    const addedAt = hold.t.clock.now;
    for (const offer of [regular, openMarket])
      expect(await push(guest.token, 'add_to_cart', addArgs(offer, hold.day1, 2))).toMatchObject({
        status: 'applied',
      });
    expect(await lineOf(guest.token, regular)).toMatchObject({ reserved_until: addedAt + HOLD });

    hold.t.clock.now = addedAt + 5 * MINUTE;
    const owner = await followMailedLink(hold.t, guest.email);
    expect(await lineOf(owner, regular)).toMatchObject({ boxes: 2, reserved_until: null });
    expect(await lineOf(owner, openMarket)).toMatchObject({
      boxes: 2,
      reserved_until: addedAt + HOLD,
    });

    // Confirmed, the guest keeps its regular line as any verified buyer does, and adds unheld.
    const more = await hold.t.post(
      '/api/cart_box/add_to_cart',
      addArgs(regular, hold.day1, 1),
      owner,
    );
    expect(more.status).toBe(200);
    expect(await sweepAt(addedAt + 3 * HOLD)).toBe(1);
    expect(await lineOf(owner, openMarket)).toBeUndefined();
    expect(await lineOf(owner, regular)).toMatchObject({ boxes: 3, reserved_until: null });
    expect(await stockOf(hold.t.sql, regular.inventory_key)).toBe(
      regular.available - 3 * unitsPerBox(regular),
    );
  });

  it("holds what an email-only session adds to a confirmed guest's cart: typing someone's email keeps no stock off sale for ever", async () => {
    const guest = await newGuest();
    const owner = await followMailedLink(hold.t, guest.email);
    // Anyone who types the confirmed email gets an email-only session of the same account.
    const stranger = await emailOnlySession(guest.email);
    const offer = hold.regular();
    const addedAt = hold.t.clock.now;
    expect(await push(stranger, 'add_to_cart', addArgs(offer, hold.day1, 2))).toMatchObject({
      status: 'applied',
    });
    expect(await lineOf(owner, offer)).toMatchObject({ boxes: 2, reserved_until: addedAt + HOLD });
    // Its REST add is refused outright; growing its line moves no hold.
    const rest = await hold.t.post(
      '/api/cart_box/add_to_cart',
      addArgs(offer, hold.day1, 1),
      stranger,
    );
    expect(rest.status).toBe(403);
    hold.t.clock.now = addedAt + 20 * MINUTE;
    const key = cartLineKey(offer.inventory_key, hold.day1);
    expect(
      await push(stranger, 'execute_box_changes', { changes: [{ key, boxes: 5 }] }),
    ).toMatchObject({ status: 'applied' });
    expect(await lineOf(owner, offer)).toMatchObject({ boxes: 5, reserved_until: addedAt + HOLD });

    expect(await sweepAt(addedAt + HOLD)).toBe(1);
    expect(await lineOf(owner, offer)).toBeUndefined();
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(offer.available);
  });

  it("leaves unheld what the confirmed guest's own session adds, by the push and the REST add alike", async () => {
    const guest = await newGuest();
    const owner = await followMailedLink(hold.t, guest.email);
    const regular = hold.regular();
    const other = hold.regular();
    expect(await push(owner, 'add_to_cart', addArgs(regular, hold.day1, 1))).toMatchObject({
      status: 'applied',
    });
    const rest = await hold.t.post(
      '/api/cart_box/add_to_cart',
      addArgs(other, hold.day1, 1),
      owner,
    );
    expect(rest.status).toBe(200);
    expect(await lineOf(owner, regular)).toMatchObject({ boxes: 1, reserved_until: null });
    expect(await lineOf(owner, other)).toMatchObject({ boxes: 1, reserved_until: null });
  });

  it('leaves a verified florist’s regular line without a hold, however late it gets', async () => {
    const offer = hold.regular();
    const addedAt = hold.t.clock.now;
    const line = await hold.add(hold.florist, offer, 2);
    expect(line.reserved_until).toBeNull();
    await sweepAt(addedAt + 4 * HOLD);
    expect(await hold.line(hold.florist, offer)).toMatchObject({ boxes: 2, reserved_until: null });
    expect(await stockOf(hold.t.sql, offer.inventory_key)).toBe(
      offer.available - 2 * unitsPerBox(offer),
    );
  });
});
