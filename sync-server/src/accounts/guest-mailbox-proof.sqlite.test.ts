import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeDeletedProductsAnswerSchema,
  deletedProductsAnswerSchema,
  guestMessages,
  guestSignInAnswerSchema,
  pushAnswerSchema,
  pullAnswerSchema,
  SYNCED_COLLECTIONS,
  unitsForBoxes,
  type Offer,
  type SyncedCollection,
} from '@stemline/shared';
import { publicToken, run, signUpFields, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { saveTestCard } from '../test-support/cards';
import { followMailedLink } from '../test-support/guests';
import { HOLD } from '../test-support/hold-fixture';
import {
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  type ApiAnswer,
  type TestServer,
} from '../test-support/test-server';

const ADDRESS = { address: '9 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' };

/**
 * Issue 21 point 2, tried as an attacker: knowing a guest's email (and solving one captcha) gives
 * an email-only session. It may see prices and fill a new cart; everything the email already
 * owns, ordering and upgrading wait for the verification link, which only the mailbox receives.
 */
describe('a guest session made from an email alone', { timeout: 60_000 }, () => {
  let t: TestServer;
  let visitor = '';
  let pick: ReturnType<typeof createOfferPicker> | undefined;
  let date = 0;

  beforeAll(async () => {
    t = await startTestServer();
    visitor = await publicToken(t);
    const [first] = t.deliveryDates(1);
    if (!first) throw new Error('no delivery date');
    date = first;
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const guestSignIn = async (email: string) => {
    const answer = await run(
      t,
      'guest_sign_in',
      { email, reCaptchaToken: await solveCaptcha(t.url) },
      visitor,
    );
    expect(answer.status).toBe(200);
    return guestSignInAnswerSchema.parse(answer.body);
  };

  const pull = async (token: string, collection: SyncedCollection) => {
    const answer = await t.get(`/api/sync/pull/${collection}?checkpoint=0`, token);
    expect(answer.status).toBe(200);
    return pullAnswerSchema.parse(answer.body).documents;
  };

  const push = async (token: string, name: string, args: unknown) => {
    const mutation = { id: randomUUID(), clientId: 'attacker', name, args, createdAt: t.clock.now };
    const answer = await t.post(
      '/api/sync/push',
      { clientId: 'attacker', mutations: [mutation] },
      token,
    );
    expect(answer.status).toBe(200);
    const [result] = pushAnswerSchema.parse(answer.body).results;
    return result;
  };

  /** A price row no other test uses, with stock for a few boxes, with prices for `token`. */
  const offer = async (token: string): Promise<Offer> => {
    pick ??= createOfferPicker((await t.catalog(token, date)).offers);
    return pick(
      'has stock for 5 boxes',
      (o) => !o.open_market && o.available >= unitsForBoxes(o, 5),
    );
  };

  /** Everything the victim's guest account owns, and everything a write could change. */
  const everything = async () => ({
    ...(await databaseStateOf(t.sql)),
    addresses: await t.sql.all('SELECT * FROM addresses ORDER BY customer_key, key'),
    cards: await t.sql.all('SELECT * FROM payment_cards ORDER BY customer_key, key'),
    orders: await t.sql.all('SELECT * FROM orders ORDER BY customer_key, key'),
    favorites: await t.sql.all('SELECT * FROM favorites ORDER BY customer_key, key'),
    customers: await t.sql.all('SELECT * FROM customers ORDER BY key'),
    users: await t.sql.all('SELECT * FROM users ORDER BY key'),
  });

  /** A guest who proved the mailbox and saved a card, an address, a favourite and a cart line. */
  async function victimWithBelongings() {
    const email = uniqueEmail('victim');
    const first = await guestSignIn(email);
    expect(first.user?.metadata.mailbox_verified).toBe(false);
    const owner = await followMailedLink(t, email);
    const card = await saveTestCard(t, owner);
    const _KEY = randomUUID();
    const saved = await run(
      t,
      'customer_address',
      { slAddress: ADDRESS, save: true, update: false, _KEY },
      owner,
    );
    expect(saved.status).toBe(200);
    await run(
      t,
      'customer_address',
      { slAddress: ADDRESS, save: false, update: false, _KEY },
      owner,
    );
    const favourite = await offer(owner);
    expect(
      (await t.post('/api/favorites', { action: 'ADD', variety_key: favourite.variety_key }, owner))
        .status,
    ).toBe(200);
    const line = await offer(owner);
    expect((await t.post('/api/cart_box/add_to_cart', addArgs(line, date, 1), owner)).status).toBe(
      200,
    );
    const lineKey = `${line.inventory_key}-${date}`;
    // Time passes before anyone else types the email.
    t.clock.advance(1_000);
    return { email, owner, card, addressKey: _KEY, lineKey, lineOffer: line };
  }

  const refusedClearly = (answer: ApiAnswer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body).toMatchObject({ error: guestMessages.confirmEmailFirst });
  };

  it('is refused every read and use of what the email owns, and changes nothing', async () => {
    const victim = await victimWithBelongings();
    const attacker = (await guestSignIn(victim.email)).token ?? '';
    const before = await everything();

    const calls: [string, () => Promise<ApiAnswer>][] = [
      ['saved cards', () => t.post('/api/customer/credit_cards', {}, attacker)],
      ['addresses', () => run(t, 'load_address', {}, attacker)],
      [
        'a new address',
        () =>
          run(
            t,
            'customer_address',
            { slAddress: ADDRESS, save: true, update: false, _KEY: randomUUID() },
            attacker,
          ),
      ],
      [
        'deleting an address',
        () => run(t, 'delete_address', { keys: [victim.addressKey] }, attacker),
      ],
      ['orders', () => run(t, 'po_list_orders', {}, attacker)],
      ['the cart', () => run(t, 'list_carts', {}, attacker)],
      [
        'the cart, through the REST add that answers it whole',
        async () =>
          t.post('/api/cart_box/add_to_cart', addArgs(await offer(attacker), date, 1), attacker),
      ],
      ['the checkout review', () => t.post('/api/checkout/review', {}, attacker)],
      ['favourites', () => t.post('/api/favorites', { action: 'LIST' }, attacker)],
      [
        'an order on the saved card',
        () => t.post('/api/checkout/place_order', { card_key: victim.card.key }, attacker),
      ],
      ['deleting the card', () => run(t, 'delete_payment', { key: victim.card.key }, attacker)],
      [
        'moving the account to an email of their own',
        () => run(t, 'update_user_customer_email', { email: uniqueEmail('attacker') }, attacker),
      ],
      [
        'an upgrade with a password of their choosing',
        () => run(t, 'user_guest_upgrade', signUpFields(victim.email), attacker),
      ],
    ];
    for (const [what, call] of calls) {
      const answer = await call();
      expect(answer.status, what).toBe(403);
      expect(answer.body, what).toMatchObject({ error: guestMessages.confirmEmailFirst });
    }
    expect(await everything()).toEqual(before);

    const login = await t.get(
      `/api/security/login?${new URLSearchParams({
        email: victim.email,
        password: 'tulips-in-spring',
        reCaptchaToken: await solveCaptcha(t.url),
      }).toString()}`,
    );
    expect(login.status, 'the upgrade set no password').toBe(401);
  });

  it('pulls none of the documents the email owns', async () => {
    const victim = await victimWithBelongings();
    expect(await pull(victim.owner, 'payment_cards')).toHaveLength(1);
    expect(await pull(victim.owner, 'cart_lines')).toHaveLength(1);
    const attacker = (await guestSignIn(victim.email)).token ?? '';
    for (const collection of SYNCED_COLLECTIONS) {
      expect(await pull(attacker, collection), collection).toEqual([]);
    }
  });

  it('has every queued use of what the email owns rejected, and nothing runs', async () => {
    const victim = await victimWithBelongings();
    const attacker = (await guestSignIn(victim.email)).token ?? '';
    const before = await everything();
    const pushes: [string, unknown][] = [
      ['place_order', { card_key: victim.card.key, order_key: `o-${randomUUID()}` }],
      ['add_favorite', { variety_key: (await offer(attacker)).variety_key }],
      ['customer_address', { slAddress: ADDRESS, save: true, update: false, _KEY: randomUUID() }],
      ['delete_address', { keys: [victim.addressKey] }],
      ['execute_box_changes', { changes: [{ key: victim.lineKey, boxes: 5 }] }],
      ['delete_boxes', { keys: [victim.lineKey] }],
      ['add_to_cart', addArgs(victim.lineOffer, date, 1)],
      ['add_to_cart', { ...addArgs(victim.lineOffer, date, 1), inventory_key: undefined }],
      ['extend_expiration_boxes', {}],
    ];
    for (const [name, args] of pushes) {
      expect(await push(attacker, name, args), name).toMatchObject({
        status: 'rejected',
        code: 'email_unverified',
        message: guestMessages.confirmEmailFirst,
      });
    }
    expect(await everything()).toEqual(before);
  });

  it('may see prices and build a new cart, which it alone sees until the proof', async () => {
    const victim = await victimWithBelongings();
    const attacker = (await guestSignIn(victim.email)).token ?? '';
    const catalog = await t.catalog(attacker, date);
    expect(catalog.offers.some((o) => o.stem_price_cents > 0)).toBe(true);
    const mine = await offer(attacker);
    const added = await push(attacker, 'add_to_cart', addArgs(mine, date, 1));
    expect(added).toMatchObject({ status: 'applied' });
    const myKey = `${mine.inventory_key}-${date}`;
    expect((await pull(attacker, 'cart_lines')).map((doc) => doc.key)).toEqual([myKey]);
    expect(
      await push(attacker, 'execute_box_changes', { changes: [{ key: myKey, boxes: 2 }] }),
    ).toMatchObject({ status: 'applied' });
    expect(await push(attacker, 'delete_boxes', { keys: [myKey] })).toMatchObject({
      status: 'applied',
    });
  });

  it("is told of products taken out of its own lines, and never of the email's", async () => {
    const victim = await victimWithBelongings();
    // Open-market rows are the ones held for a limited time.
    const heldRow = async (token: string) => {
      pick ??= createOfferPicker((await t.catalog(token, date)).offers);
      return pick('is an open-market row with stock', (o) => o.open_market && o.available > 0);
    };
    const theirs = await heldRow(victim.owner);
    expect(
      (await t.post('/api/cart_box/add_to_cart', addArgs(theirs, date, 1), victim.owner)).status,
    ).toBe(200);
    t.clock.advance(1_000);
    const attacker = (await guestSignIn(victim.email)).token ?? '';
    const mine = await heldRow(attacker);
    expect(await push(attacker, 'add_to_cart', addArgs(mine, date, 1))).toMatchObject({
      status: 'applied',
    });
    // Both holds end unpaid: the sweeper takes both lines out of the guest's cart.
    t.clock.advance(HOLD + 1_000);
    expect(await t.server.sweepReservations()).toBe(2);
    const listed = async (token: string) => {
      const answer = await t.post('/api/customer/get_customer_delete_products', {}, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return deletedProductsAnswerSchema.parse(answer.body).results;
    };
    const owners = await listed(victim.owner);
    expect(owners.map((p) => p.inventory_key).sort()).toEqual(
      [theirs.inventory_key, mine.inventory_key].sort(),
    );
    expect((await listed(attacker)).map((p) => p.inventory_key)).toEqual([mine.inventory_key]);
    // Forgetting the email's product is answered as nothing forgotten: the owner is still told.
    const theirKey = owners.find((p) => p.inventory_key === theirs.inventory_key)?.key ?? '';
    const forget = await t.post('/api/customer/delete_product', { products: [theirKey] }, attacker);
    expect(forget.status).toBe(200);
    expect(acknowledgeDeletedProductsAnswerSchema.parse(forget.body).acknowledged).toBe(0);
    expect((await listed(victim.owner)).map((p) => p.key)).toContain(theirKey);
  });

  it('works once the mailbox is proven by the mailed link', async () => {
    const victim = await victimWithBelongings();
    // The owner, on a new device, gives the email again: an email-only session...
    const session = await guestSignIn(victim.email);
    const emailOnly = session.token ?? '';
    refusedClearly(await t.post('/api/customer/credit_cards', {}, emailOnly));
    // ...asks for the link with one tap, and opens it from the mailbox.
    expect(
      (await run(t, 'send_email_verification', { email: victim.email }, emailOnly)).body,
    ).toEqual({ success: true });
    const proven = await followMailedLink(t, victim.email);
    const validated = await t.get(`/api/security/validate?token=${proven}`);
    expect(validated.body).toMatchObject({ user: { email: victim.email } });
    expect(JSON.stringify(validated.body)).not.toContain('mailbox_verified');

    const cards = await t.post('/api/customer/credit_cards', {}, proven);
    expect(cards.status).toBe(200);
    expect(cards.body).toMatchObject({ results: [{ key: victim.card.key }] });
    expect((await run(t, 'load_address', {}, proven)).status).toBe(200);
    expect(await pull(proven, 'payment_cards')).toHaveLength(1);
    expect((await pull(proven, 'cart_lines')).map((doc) => doc.key)).toContain(victim.lineKey);
    expect(await pull(proven, 'favorites')).toHaveLength(1);

    const order = await t.post('/api/checkout/place_order', { card_key: victim.card.key }, proven);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect((await run(t, 'po_list_orders', {}, proven)).body).toMatchObject({
      results: [expect.objectContaining({})],
    });

    const upgraded = await run(t, 'user_guest_upgrade', signUpFields(victim.email), proven);
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body).toMatchObject({ success: true, user: { metadata: { guest: false } } });
  });

  it('ends when the owner proves the mailbox, before it sees what the owner adds', async () => {
    const email = uniqueEmail('owner');
    // A stranger types the owner's email first, and keeps that session.
    const stranger = (await guestSignIn(email)).token ?? '';
    t.clock.advance(1_000);
    const owner = await followMailedLink(t, email);
    const line = await offer(owner);
    const added = await t.post('/api/cart_box/add_to_cart', addArgs(line, date, 1), owner);
    expect(added.status).toBe(200);

    for (const collection of ['cart_lines', 'notices'] as const) {
      const answer = await t.get(`/api/sync/pull/${collection}?checkpoint=0`, stranger);
      expect(answer.status, collection).toBe(401);
      expect(JSON.stringify(answer.body)).not.toContain(String(line.inventory_key));
    }
    const mutation = { id: randomUUID(), name: 'delete_boxes', args: {}, createdAt: t.clock.now };
    const pushed = await t.post(
      '/api/sync/push',
      { clientId: 'stranger', mutations: [mutation] },
      stranger,
    );
    expect(pushed.status).toBe(401);
    expect((await pull(owner, 'cart_lines')).map((doc) => doc.inventory_key)).toContain(
      line.inventory_key,
    );
  });
});
