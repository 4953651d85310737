import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  eventMessages,
  guestSignInAnswerSchema,
  MAX_EVENTS,
  pullAnswerSchema,
  pushAnswerSchema,
  signUpAnswerSchema,
  type MutationName,
  type MutationResult,
  type Offer,
  unitsPerBox,
} from '@stemline/shared';
import { publicToken, run, signUp, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { followMailedLink } from '../test-support/guests';
import {
  accounts,
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const wedding = (key: string) => ({
  key,
  name: 'Harbor wedding',
  date: 20261211,
  venue_address: '1 Pier Road, Newark NJ',
  notes: 'White and blush',
});

describe('events and the cart of an event', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let day = 0;
  let pick: ReturnType<typeof createOfferPicker>;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    day = t.deliveryDates(3)[2] ?? 0;
    pick = createOfferPicker((await t.catalog(florist, day)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const key = () => `ev-${randomUUID()}`;
  async function push(
    token: string,
    mutations: { name: MutationName; args: unknown }[],
  ): Promise<MutationResult[]> {
    const body = {
      clientId: 'device-1',
      mutations: mutations.map((m) => ({
        id: `m-${randomUUID()}`,
        clientId: 'device-1',
        createdAt: t.clock.now,
        ...m,
      })),
    };
    const answer = await t.post('/api/sync/push', body, token);
    expect(answer.status).toBe(200);
    return pushAnswerSchema.parse(answer.body).results;
  }
  async function pullEvents(token: string) {
    const answer = await t.get('/api/sync/pull/events?checkpoint=0', token);
    expect(answer.status).toBe(200);
    return pullAnswerSchema.parse(answer.body).documents;
  }
  const eventRows = () => t.sql.all('SELECT * FROM events ORDER BY customer_key, key');
  const cartRows = () => t.sql.all('SELECT * FROM cart_lines ORDER BY customer_key, key');
  const regular = (): Offer =>
    pick(
      'is a regular row with 3+ boxes',
      (o) => !o.open_market && o.available >= 3 * unitsPerBox(o),
    );

  it('adds, edits and removes an event through the push; the pull carries each change', async () => {
    const k = key();
    expect((await push(florist, [{ name: 'save_event', args: wedding(k) }]))[0]?.status).toBe(
      'applied',
    );
    t.clock.advance(60_000);
    const edited = { ...wedding(k), name: 'Harbor wedding (moved)', date: 20261218 };
    expect((await push(florist, [{ name: 'save_event', args: edited }]))[0]?.status).toBe(
      'applied',
    );
    const pulled = (await pullEvents(florist)).find((doc) => doc.key === k);
    expect(pulled).toMatchObject({ ...edited, _deleted: false });
    expect(pulled?.updated_at).toBeGreaterThan(Number(pulled?.created_at));

    expect((await push(florist, [{ name: 'delete_event', args: { key: k } }]))[0]?.status).toBe(
      'applied',
    );
    expect((await pullEvents(florist)).find((doc) => doc.key === k)).toMatchObject({
      _deleted: true,
    });
  });

  it('puts a cart line in an event and answers the event cart with its subtotal, by REST and run', async () => {
    const k = key();
    const row = regular();
    const results = await push(florist, [
      { name: 'save_event', args: wedding(k) },
      { name: 'add_to_cart', args: addArgs(row, day, 2) },
      {
        name: 'assign_cart_line_event',
        args: { line_key: cartLineKey(row.inventory_key, day), event_key: k },
      },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);

    const rest = await t.get(`/api/cart_box_event?key=${k}`, florist);
    expect(rest.status).toBe(200);
    const answer = rest.body as {
      results: {
        event: { key: string };
        lines: { key: string }[];
        subtotal_cents: number;
        subtotal: number;
      };
    };
    expect(answer.results.event.key).toBe(k);
    expect(answer.results.lines.map((l) => l.key)).toEqual([cartLineKey(row.inventory_key, day)]);
    const units =
      row.uom === 'bunch' ? row.bunches_in_box : row.bunches_in_box * row.stems_per_bunch;
    expect(answer.results.subtotal_cents).toBe(row.stem_price_cents * units * 2);
    expect(answer.results.subtotal).toBe(answer.results.subtotal_cents / 100);

    const byRun = await run(t, 'cart_box_by_event', { key: k }, florist);
    expect(byRun.status).toBe(200);
    expect(byRun.body).toEqual(rest.body);

    // Out of the event again: the event's cart is empty.
    await push(florist, [
      {
        name: 'assign_cart_line_event',
        args: { line_key: cartLineKey(row.inventory_key, day), event_key: null },
      },
    ]);
    const after = await t.get(`/api/cart_box_event?key=${k}`, florist);
    expect(after.body).toMatchObject({ results: { lines: [], subtotal_cents: 0 } });
  });

  it('answers 404 for an event that does not exist, where the old call answered an empty cart', async () => {
    const answer = await t.get(`/api/cart_box_event?key=${key()}`, florist);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).toContain(eventMessages.eventNotFound);
    expect((await run(t, 'cart_box_by_event', { key: key() }, florist)).status).toBe(404);
  });

  it.each([
    ['a key with spaces', 'a b'],
    ['an overlong key', 'x'.repeat(65)],
    ['no key', undefined],
  ])('refuses %s with a 400', async (_what, bad) => {
    const query = bad === undefined ? '' : `?key=${encodeURIComponent(bad)}`;
    expect((await t.get(`/api/cart_box_event${query}`, florist)).status).toBe(400);
  });

  it("never shows nor changes another customer's event or cart line", async () => {
    const k = key();
    const row = regular();
    await push(florist, [
      { name: 'save_event', args: wedding(k) },
      { name: 'add_to_cart', args: addArgs(row, day, 1) },
      {
        name: 'assign_cart_line_event',
        args: { line_key: cartLineKey(row.inventory_key, day), event_key: k },
      },
    ]);
    const before = { events: await eventRows(), cart: await cartRows() };

    expect((await t.get(`/api/cart_box_event?key=${k}`, newbuyer)).status).toBe(404);
    expect((await t.get(`/api/cart_box_event?key=${k}&customer=c-florist`, newbuyer)).status).toBe(
      403,
    );
    expect((await run(t, 'cart_box_by_event', { key: k }, newbuyer)).status).toBe(404);
    expect((await pullEvents(newbuyer)).map((d) => d.key)).not.toContain(k);

    const attempts = await push(newbuyer, [
      { name: 'save_event', args: { ...wedding(k), name: 'Hijacked' } },
      { name: 'delete_event', args: { key: k } },
      {
        name: 'assign_cart_line_event',
        args: { line_key: cartLineKey(row.inventory_key, day), event_key: null },
      },
      { name: 'save_event', args: { ...wedding(key()), date: 12 } },
      { name: 'save_event', args: { ...wedding(key()), name: '   ' } },
    ]);
    expect(attempts.map((r) => r.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect({ events: await eventRows(), cart: await cartRows() }).toEqual(before);
  });

  it('refuses to put a line in an event the buyer does not have', async () => {
    const row = regular();
    await push(florist, [{ name: 'add_to_cart', args: addArgs(row, day, 1) }]);
    const before = await cartRows();
    const [result] = await push(florist, [
      {
        name: 'assign_cart_line_event',
        args: { line_key: cartLineKey(row.inventory_key, day), event_key: key() },
      },
    ]);
    expect(result).toMatchObject({ status: 'rejected', message: eventMessages.eventNotFound });
    expect(await cartRows()).toEqual(before);
  });

  it('keeps at most MAX_EVENTS events: a new one past it is refused, edits still go through', async () => {
    const signedUp = await signUp(t, uniqueEmail('many-events'));
    const { token, user } = signUpAnswerSchema.parse(signedUp.body);
    const buyer = token ?? '';
    const keys = Array.from({ length: MAX_EVENTS }, () => key());
    for (let start = 0; start < keys.length; start += 100) {
      const results = await push(
        buyer,
        keys.slice(start, start + 100).map((k) => ({ name: 'save_event', args: wedding(k) })),
      );
      expect(results.every((r) => r.status === 'applied')).toBe(true);
    }
    const liveOfBuyer = async () =>
      Number(
        (
          await t.sql.one<{ n: number | string }>(
            'SELECT COUNT(*) AS n FROM events WHERE customer_key = ? AND deleted = 0',
            [user?.metadata.customer ?? ''],
          )
        )?.n,
      );
    const extra = key();
    const [refused, edit] = await push(buyer, [
      { name: 'save_event', args: wedding(extra) },
      { name: 'save_event', args: { ...wedding(keys[0] ?? ''), name: 'Renamed wedding' } },
    ]);
    expect(refused).toMatchObject({
      status: 'rejected',
      code: 'conflict',
      message: eventMessages.tooManyEvents(MAX_EVENTS),
    });
    expect(edit?.status).toBe('applied');
    expect(await liveOfBuyer()).toBe(MAX_EVENTS);

    // Deleting one makes room for the next.
    const [removed, added] = await push(buyer, [
      { name: 'delete_event', args: { key: keys[1] ?? '' } },
      { name: 'save_event', args: wedding(extra) },
    ]);
    expect([removed?.status, added?.status]).toEqual(['applied', 'applied']);
    expect(await liveOfBuyer()).toBe(MAX_EVENTS);
  });

  it("an email-only session reads none of the email's events, statements or manager", async () => {
    const visitor = await publicToken(t);
    const email = uniqueEmail('events');
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
    const k = key();
    expect((await push(owner, [{ name: 'save_event', args: wedding(k) }]))[0]?.status).toBe(
      'applied',
    );
    const attacker = await signIn();
    const before = await eventRows();

    expect((await pullEvents(attacker)).map((d) => d.key)).not.toContain(k);
    expect((await t.get(`/api/cart_box_event?key=${k}`, attacker)).status).toBe(403);
    expect((await run(t, 'cart_box_by_event', { key: k }, attacker)).status).toBe(403);
    const pushed = await push(attacker, [
      { name: 'save_event', args: { ...wedding(k), name: 'Sneaky' } },
      { name: 'delete_event', args: { key: k } },
    ]);
    expect(pushed.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual([
      'email_unverified',
      'email_unverified',
    ]);
    expect(await eventRows()).toEqual(before);

    // Nothing else of the account either; a zip check and analytics carry none of it.
    expect((await run(t, 'delivery_schedule', {}, attacker)).status).toBe(403);
    expect((await run(t, 'list_statements', {}, attacker)).status).toBe(403);
    expect((await run(t, 'customer_grower_relationship', {}, attacker)).status).toBe(403);
    expect((await t.post('/api/customer/manager', {}, attacker)).status).toBe(403);
    expect((await t.get('/api/statements/2026-11.csv', attacker)).status).toBe(403);
    const zip = await t.post('/api/customer/zipcode_available', { zipcode: '07030' }, attacker);
    expect(zip.body).toMatchObject({ available: true });
    const view = { props: { name: 'page_view' }, extra: {}, meta: {} };
    expect((await t.post('/api/event/', view, attacker)).status).toBe(200);
  });
});
