import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guestMessages,
  guestSignInAnswerSchema,
  pushAnswerSchema,
  unitsForBoxes,
} from '@stemline/shared';
import { publicToken, run, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { saveTestCard } from '../test-support/cards';
import { checkoutStateOf } from '../test-support/checkout-state';
import { chooseNewAddress, followMailedLink } from '../test-support/guests';
import {
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

/**
 * Issue 27 point 3: a guest orders only with a delivery address and a confirmed email (shared
 * `orderBlocker`), through every door to place_order: REST and the queued mutation.
 */
describe('a guest’s order', { timeout: 60_000 }, () => {
  let t: TestServer;
  let visitor = '';
  let date = 0;
  let pick: ReturnType<typeof createOfferPicker> | undefined;

  beforeAll(async () => {
    t = await startTestServer();
    visitor = await publicToken(t);
    date = t.deliveryDates(1)[0] ?? 0;
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const fillCart = async (token: string) => {
    pick ??= createOfferPicker((await t.catalog(token, date)).offers);
    const offer = pick('has stock', (o) => !o.open_market && o.available >= unitsForBoxes(o, 2));
    const added = await t.post('/api/cart_box/add_to_cart', addArgs(offer, date, 1), token);
    expect(added.status).toBe(200);
  };

  /** A new guest whose mailbox is proven (the link), with a saved card and a cart. */
  const verifiedGuest = async () => {
    const email = uniqueEmail('guest-order');
    const signIn = await run(
      t,
      'guest_sign_in',
      { email, reCaptchaToken: await solveCaptcha(t.url) },
      visitor,
    );
    guestSignInAnswerSchema.parse(signIn.body);
    const token = await followMailedLink(t, email);
    const card = await saveTestCard(t, token);
    await fillCart(token);
    return { email, token, card };
  };

  it('is refused without a delivery address, and nothing is written', async () => {
    const { token, card } = await verifiedGuest();
    const before = await checkoutStateOf(t.sql);
    const answer = await t.post('/api/checkout/place_order', { card_key: card.key }, token);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: guestMessages.addressRequired });
    expect(await checkoutStateOf(t.sql)).toEqual(before);

    const mutation = {
      id: randomUUID(),
      clientId: 'phone',
      name: 'place_order',
      args: { card_key: card.key, order_key: `o-${randomUUID()}` },
      createdAt: t.clock.now,
    };
    const pushed = await t.post(
      '/api/sync/push',
      { clientId: 'phone', mutations: [mutation] },
      token,
    );
    expect(pushAnswerSchema.parse(pushed.body).results[0]).toMatchObject({
      status: 'rejected',
      code: 'address_required',
      message: guestMessages.addressRequired,
    });

    await chooseNewAddress(t, token);
    const placed = await t.post('/api/checkout/place_order', { card_key: card.key }, token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('is refused until the email is confirmed, even with a password and an address', async () => {
    // The demo guest logs in with a password, but nobody ever confirmed its email.
    const token = await t.login('guest@stemline.test');
    const card = await saveTestCard(t, token);
    await chooseNewAddress(t, token);
    await fillCart(token);
    const before = await checkoutStateOf(t.sql);
    const answer = await t.post('/api/checkout/place_order', { card_key: card.key }, token);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, error: guestMessages.emailUnverified });
    expect(await checkoutStateOf(t.sql)).toEqual(before);

    // One tap mails the link; opening it confirms the email, and the order goes through.
    await run(t, 'send_email_verification', { email: 'guest@stemline.test' }, token);
    const confirmed = await followMailedLink(t, 'guest@stemline.test');
    const placed = await t.post('/api/checkout/place_order', { card_key: card.key }, confirmed);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('leaves a full account ordering to its main address as before', async () => {
    const florist = await t.login('florist@stemline.test');
    const card = await saveTestCard(t, florist);
    await fillCart(florist);
    const placed = await t.post('/api/checkout/place_order', { card_key: card.key }, florist);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });
});
