import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  fromDollars,
  ORDER_MONEY,
  orderSchema,
  placeOrderAnswerSchema,
  pushAnswerSchema,
  repurchaseAnswerSchema,
  shoppingListMessages,
  unitsForBoxes,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  withBoxes,
  type TestServer,
} from '../test-support/test-server';
import { SYNC_PUSH_PATH } from '../sync/routes';
import { saveTestCard } from '../test-support/cards';

/** Re-order (issue 25) on a real server over HTTP, tried as a buyer and as an attacker. */
describe('re-order', { timeout: 60_000 }, () => {
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
    [day = 0] = t.deliveryDates(1);
    pick = createOfferPicker((await t.catalog(florist, day)).offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const subjectOf = (token: string): string =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string })
      .sub;
  const item = (offer: Offer, quantity: number, substitute: boolean) => ({
    length: offer.length,
    quantity,
    variety: offer.variety_key,
    grower: offer.grower_key,
    box_only: true,
    repurchase_cartbox_item: null,
    substitute,
  });
  const regular = () =>
    pick('has stock for 5 boxes', (o) => !o.open_market && o.available >= unitsForBoxes(o, 5));
  const soldOutOffer = async () => {
    const offer = pick('has exactly 1 box', (o) => !o.open_market && withBoxes(1)(o));
    expect(
      (await t.post('/api/cart_box/add_to_cart', addArgs(offer, day, 1), newbuyer)).status,
    ).toBe(200);
    return offer;
  };

  it("load_last_order answers the caller's newest order, and refuses another user's key", async () => {
    const answer = await t.post(
      '/api/purchase/load_last_order',
      { user_key: subjectOf(florist) },
      florist,
    );
    expect(answer.status).toBe(200);
    const body = answer.body as { result: unknown; items: unknown[] };
    // A spec call: the order's amounts in dollars, as they always were.
    const order = orderSchema.parse(fromDollars(body.result, ORDER_MONEY));
    expect(body.items.length).toBe(order.lines.filter((l) => l.status === 'placed').length);
    const other = await t.post(
      '/api/purchase/load_last_order',
      { user_key: subjectOf(florist) },
      newbuyer,
    );
    expect(other.status).toBe(403);
  });

  it('adds what is there; counts and flags the unavailable and the missing; proposes substitutes only where allowed', async () => {
    const there = regular();
    const goneWithSub = await soldOutOffer();
    const goneNoSub = await soldOutOffer();
    const before = (await databaseStateOf(t.sql)).cartLines.length;
    const answer = await t.post(
      '/api/repurchase_products',
      {
        items: [
          item(there, 2, false),
          item(goneWithSub, 1, true),
          item(goneNoSub, 1, false),
          { ...item(there, 1, true), variety: 'v-no-longer-sold' },
        ],
        eta_date: day,
        address: null,
      },
      florist,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = repurchaseAnswerSchema.parse(answer.body);
    expect(body).toMatchObject({ added: 1, unavailable: 2, missing: 1 });
    expect(body.messages).toEqual([
      shoppingListMessages.reorderAdded(1),
      shoppingListMessages.reorderUnavailable(2),
      shoppingListMessages.reorderMissing(1),
    ]);
    const [added, withSub, noSub, missing] = body.results;
    expect(added).toMatchObject({ status: 'added', added_boxes: 2 });
    expect(withSub?.status).toBe('sold_out');
    expect(withSub?.alternatives.length).toBeGreaterThan(0);
    expect(withSub?.messages.some((m) => m.includes('we propose'))).toBe(true);
    expect(noSub).toMatchObject({ status: 'sold_out', alternatives: [] });
    expect(missing?.status).toBe('product_gone');
    // The substitute was proposed, not added: the cart gained the one line only.
    expect((await databaseStateOf(t.sql)).cartLines.length).toBe(before + 1);
  });

  /** Pushes `reorder_products` as a device does after an offline "Order again"; twice if asked. */
  const pushReorder = async (args: unknown, token = florist, times = 1) => {
    const mutation = {
      id: `m-${randomUUID()}`,
      clientId: 'reorder-test',
      name: 'reorder_products',
      args,
      createdAt: t.clock.now,
    };
    const answers = [];
    for (let i = 0; i < times; i += 1) {
      const answer = await t.post(
        SYNC_PUSH_PATH,
        { clientId: 'reorder-test', mutations: [mutation] },
        token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      answers.push(pushAnswerSchema.parse(answer.body).results[0]);
    }
    return answers;
  };

  it('queued (offline Order again): adds what is there once, and its answer names each item not added and the substitute proposed', async () => {
    const there = regular();
    const goneWithSub = await soldOutOffer();
    const before = (await databaseStateOf(t.sql)).cartLines.length;
    const [first, replay] = await pushReorder(
      {
        items: [
          item(there, 1, false),
          item(goneWithSub, 1, true),
          { ...item(there, 1, false), variety: 'v-no-longer-sold' },
        ],
        eta_date: day,
        address: null,
      },
      florist,
      2,
    );
    expect(first).toMatchObject({ status: 'applied' });
    expect(replay).toEqual(first);
    const message = first?.message ?? '';
    expect(message).toContain(shoppingListMessages.reorderUnavailable(1));
    expect(message).toContain(shoppingListMessages.reorderMissing(1));
    expect(message).toMatch(/is sold out for this date\./);
    expect(message).toMatch(/we propose .* instead\. It was not added/);
    // One line added, once; the substitute was proposed, not added.
    expect((await databaseStateOf(t.sql)).cartLines.length).toBe(before + 1);
  });

  it('queued, every item added in full: applied with no message to read', async () => {
    const [result] = await pushReorder({ items: [item(regular(), 1, false)], eta_date: day });
    expect(result).toMatchObject({ status: 'applied' });
    expect(result?.message ?? null).toBeNull();
  });

  it("queued, as an attacker: a past date, a bad quantity, another customer named: refused or only the caller's cart", async () => {
    const offer = regular();
    const lines = async () =>
      (await databaseStateOf(t.sql)).cartLines as { customer_key: string }[];
    const before = await lines();
    const [past] = await pushReorder({ items: [item(offer, 1, false)], eta_date: 20200102 });
    expect(past?.status).toBe('rejected');
    const [tooMany] = await pushReorder({ items: [item(offer, 31, false)], eta_date: day });
    expect(tooMany?.status).toBe('rejected');
    expect(await lines()).toEqual(before);
    // The customer comes from the session: a body naming another is not obeyed.
    const [named] = await pushReorder(
      { customer: 'c-someone-else', items: [item(offer, 1, false)], eta_date: day },
      newbuyer,
    );
    expect(named?.status).toBe('applied');
    expect((await lines()).length).toBe(before.length + 1);
    expect((await lines()).some((line) => line.customer_key === 'c-someone-else')).toBe(false);
  });

  it('find_by_keys tells which products still exist', async () => {
    const offer = regular();
    const answer = await t.post(
      '/api/find_by_keys',
      { keys: [offer.variety_key, 'v-no-longer-sold'] },
      florist,
    );
    expect(answer.status).toBe(200);
    expect((answer.body as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ key: offer.variety_key, exists: true }),
      { key: 'v-no-longer-sold', exists: false },
    ]);
  });

  it('puts the lines on the address sent, as an add does: checkout splits the order by it', async () => {
    const offer = regular();
    const answer = await t.post(
      '/api/repurchase_products',
      { items: [item(offer, 1, false)], eta_date: day, address: 'main' },
      florist,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const carts = await t.post('/api/cs/run', { key: 'list_carts' }, florist);
    const lines = (
      carts.body as {
        results: { items: { key: string; inventory_key: string; ship_to?: unknown }[] }[];
      }
    ).results.flatMap((group) => group.items);
    const line = lines.find((l) => l.key === `${offer.inventory_key}-${day}-main`);
    expect(line?.ship_to).toMatchObject({ _KEY: 'main' });
  });

  it('refuses a re-order to an address not in the book, saying so, and adds nothing', async () => {
    const offer = regular();
    const before = await databaseStateOf(t.sql);
    // Another customer's address key is as unknown to this buyer as a made-up one.
    for (const address of ['addr-not-in-book', 'addr-flo-1']) {
      const answer = await t.post(
        '/api/repurchase_products',
        { items: [item(offer, 1, false)], eta_date: day, address },
        newbuyer,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'address_required',
        error: checkoutMessages.addressNotFound,
      });
    }
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('load_last_order skips an order cancelled as a whole: the newest one left to order again', async () => {
    const card = (await saveTestCard(t, newbuyer)).key;
    const later = t.deliveryDates(3)[2] ?? 0;
    const laterPick = createOfferPicker((await t.catalog(newbuyer, later)).offers);
    const place = async () => {
      const offer = laterPick(
        'has stock for 2 boxes',
        (o) => !o.open_market && o.available >= unitsForBoxes(o, 2),
      );
      const added = await t.post('/api/cart_box/add_to_cart', addArgs(offer, later, 1), newbuyer);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const placed = await t.post('/api/checkout/place_order', { card_key: card }, newbuyer);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return placeOrderAnswerSchema.parse(placed.body).result;
    };
    const lastOrder = async () => {
      const answer = await t.post(
        '/api/purchase/load_last_order',
        { user_key: subjectOf(newbuyer) },
        newbuyer,
      );
      expect(answer.status).toBe(200);
      return orderSchema.parse(
        fromDollars((answer.body as { result: unknown }).result, ORDER_MONEY),
      );
    };
    const kept = await place();
    const cancelled = await place();
    expect((await lastOrder()).key).toBe(cancelled.key);
    const cancel = await t.post(
      '/api/cs/run',
      { key: 'cancel_order', params: { order_key: cancelled.key } },
      newbuyer,
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    const last = await lastOrder();
    expect(last.key).toBe(kept.key);
    expect(last.status).not.toBe('cancelled');
  });

  it('as an attacker: bad quantities, past dates, another customer, no token: refused, nothing changed', async () => {
    const offer = regular();
    const before = await databaseStateOf(t.sql);
    const bad: [unknown, number, string | undefined][] = [
      [{ items: [item(offer, 0, false)], eta_date: day }, 400, florist],
      [{ items: [item(offer, -2, false)], eta_date: day }, 400, florist],
      [{ items: [item(offer, 31, false)], eta_date: day }, 400, florist],
      [{ items: [item(offer, 1.5, false)], eta_date: day }, 400, florist],
      [{ items: [], eta_date: day }, 400, florist],
      [
        { items: Array.from({ length: 201 }, () => item(offer, 1, false)), eta_date: day },
        400,
        florist,
      ],
      [{ items: [item(offer, 1, false)], eta_date: 20200102 }, 400, florist],
      [{ customer: 'someone-else', items: [item(offer, 1, false)], eta_date: day }, 403, florist],
      [{ items: [item(offer, 1, false)], eta_date: day }, 401, undefined],
    ];
    for (const [body, status, token] of bad) {
      const answer = await t.post('/api/repurchase_products', body, token);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(status);
    }
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });
});
