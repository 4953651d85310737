import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromDollars,
  guestSignInAnswerSchema,
  pullAnswerSchema,
  pushAnswerSchema,
  shoppingListMessages,
  RUN_OUTCOME_MONEY,
  SHOPPING_LIST_MONEY,
  shoppingListRunSchema,
  shoppingListSchema,
  unitsForBoxes,
  type Offer,
  type ShoppingList,
} from '@stemline/shared';
import { publicToken, run, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { followMailedLink } from '../test-support/guests';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  withBoxes,
  type TestServer,
} from '../test-support/test-server';

/** A run as the spec's calls answer it (prices in dollars), read back in cents. */
const runOf = (answered: unknown) =>
  shoppingListRunSchema.parse(fromDollars(answered, { outcomes: RUN_OUTCOME_MONEY }));
/** A list as the spec's calls answer it (prices in dollars), read back in cents. */
const listOf = (answered: unknown) =>
  shoppingListSchema.parse(fromDollars(answered, SHOPPING_LIST_MONEY));

/**
 * Shopping lists (issue 25) on a real server over HTTP: the REST calls, the queued mutations a
 * device pushes after working offline, running a list into the cart with every shortfall
 * explained, and what other customers and email-only sessions cannot do.
 */
describe('shopping lists', { timeout: 60_000 }, () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  let day = 0;
  let offers: Offer[] = [];
  let pick: ReturnType<typeof createOfferPicker>;
  let serial = 0;
  const key = (prefix: string) => `${prefix}-${(serial += 1)}-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, manager] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
    ]);
    [day = 0] = t.deliveryDates(1);
    offers = (await t.catalog(florist, day)).offers;
    pick = createOfferPicker(offers);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const regular = () =>
    pick('has stock for 5 boxes', (o) => !o.open_market && o.available >= unitsForBoxes(o, 5));
  const itemOf = (offer: Offer, quantity = 1, grower: string | null = offer.grower_key) => ({
    key: key('it'),
    variety_key: offer.variety_key,
    variety_name: 'typed by the device',
    length: offer.length,
    quantity,
    unit: 'box' as const,
    grower_key: grower,
  });
  const lists = async (token: string): Promise<ShoppingList[]> => {
    const answer = await t.post('/api/shopping_list/list', {}, token);
    expect(answer.status).toBe(200);
    return (answer.body as { results: unknown[] }).results.map(listOf);
  };
  const newList = async (token = florist, name = 'Weekly cooler'): Promise<string> => {
    const listKey = key('sl');
    const answer = await t.post('/api/shopping_list/create', { key: listKey, name }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return listKey;
  };
  const addItem = (token: string, listKey: string, item: unknown) =>
    t.post('/api/shopping_list/add_item', { list_key: listKey, item }, token);
  const listRows = () => t.sql.all('SELECT * FROM shopping_lists ORDER BY customer_key, key');
  const everything = async () => ({ ...(await databaseStateOf(t.sql)), lists: await listRows() });

  const push = async (token: string, mutations: { name: string; args: unknown }[]) => {
    const clientId = 'device-1';
    const answer = await t.post(
      '/api/sync/push',
      {
        clientId,
        mutations: mutations.map((m, i) => ({
          id: key('m'),
          clientId,
          name: m.name,
          args: m.args,
          createdAt: t.clock.now + i,
        })),
      },
      token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return pushAnswerSchema.parse(answer.body).results;
  };
  const pull = async (token: string, collection: string) => {
    const answer = await t.get(`/api/sync/pull/${collection}?checkpoint=0`, token);
    expect(answer.status).toBe(200);
    return pullAnswerSchema.parse(answer.body).documents;
  };

  it('create, add, edit and remove items; the list holds its items with catalogue names', async () => {
    const listKey = await newList(florist, 'Smith wedding');
    const offer = regular();
    const item = itemOf(offer, 2);
    expect((await addItem(florist, listKey, item)).status).toBe(200);
    // The same variety, length, grower and unit again adds to the one item.
    expect((await addItem(florist, listKey, { ...item, key: key('it') })).status).toBe(200);
    let list = (await lists(florist)).find((l) => l.key === listKey);
    expect(list?.name).toBe('Smith wedding');
    expect(list?.items).toHaveLength(1);
    expect(list?.items[0]?.quantity).toBe(4);
    expect(list?.items[0]?.variety_name).not.toBe('typed by the device');

    const edit = await t.post(
      '/api/shopping_list/edit_item',
      { list_key: listKey, item_key: item.key, quantity: 7, unit: 'bunch' },
      florist,
    );
    expect(edit.status).toBe(200);
    list = (await lists(florist)).find((l) => l.key === listKey);
    expect(list?.items[0]).toMatchObject({ quantity: 7, unit: 'bunch' });

    const removed = await t.post(
      '/api/shopping_list/remove_item',
      { list_key: listKey, item_key: item.key },
      florist,
    );
    expect(removed.status).toBe(200);
    expect((await lists(florist)).find((l) => l.key === listKey)?.items).toEqual([]);
  });

  it('a device offline queues a list and its items; one push makes it, pull brings it back', async () => {
    const listKey = key('sl');
    const [a, b] = [regular(), regular()];
    const results = await push(florist, [
      { name: 'create_shopping_list', args: { key: listKey, name: 'Weekly cooler' } },
      { name: 'shopping_list_add_item', args: { list_key: listKey, item: itemOf(a, 1) } },
      { name: 'shopping_list_add_item', args: { list_key: listKey, item: itemOf(b, 2, null) } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const pulled = (await pull(florist, 'shopping_lists')).filter((doc) => doc.key === listKey);
    expect(pulled).toHaveLength(1);
    expect(shoppingListSchema.parse(pulled[0]).items.map((i) => i.variety_key)).toEqual([
      a.variety_key,
      b.variety_key,
    ]);
    // The other customer pulls nothing of it.
    expect((await pull(newbuyer, 'shopping_lists')).map((d) => d.key)).not.toContain(listKey);
  });

  it('run: each item becomes a cart line by the cart rule; every shortfall is explained', async () => {
    const plenty = regular();
    const short = pick('has exactly 2 boxes', (o) => !o.open_market && withBoxes(2)(o));
    const soldOut = pick('has exactly 1 box', (o) => !o.open_market && withBoxes(1)(o));
    // Another customer takes the last box first.
    const taken = await t.post('/api/cart_box/add_to_cart', addArgs(soldOut, day, 1), newbuyer);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);

    const listKey = await newList();
    const items = [itemOf(plenty, 2), itemOf(short, 5), itemOf(soldOut, 1)];
    const notOffered = { ...itemOf(plenty, 1), key: key('it'), length: 1 };
    for (const item of [...items, notOffered])
      expect((await addItem(florist, listKey, item)).status).toBe(200);

    const answer = await t.post(
      '/api/shopping_list/run',
      { list_key: listKey, eta_date: day },
      florist,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as { result: unknown; message: string };
    const result = runOf(body.result);
    expect(body.message).toBe(shoppingListMessages.runShort(3, 4));
    const [added, partial, gone, absent] = result.outcomes;
    expect(added).toMatchObject({ status: 'added', requested_boxes: 2, added_boxes: 2 });
    expect(partial).toMatchObject({ status: 'partial', requested_boxes: 5, added_boxes: 2 });
    expect(partial?.messages.join(' ')).toMatch(/2/);
    expect(gone).toMatchObject({ status: 'sold_out', added_boxes: 0 });
    expect(gone?.messages).toContain(shoppingListMessages.soldOut(gone?.variety_name ?? ''));
    expect(absent).toMatchObject({ status: 'not_offered', added_boxes: 0 });
    // Alternatives: the same variety (any farm / length) comes first and is said to be so.
    expect(absent?.alternatives.length).toBeGreaterThan(0);
    expect(absent?.alternatives[0]?.reason).toBe('same_variety');
    expect(absent?.alternatives.every((alt) => alt.boxes_available > 0)).toBe(true);

    const cart = await pull(florist, 'cart_lines');
    const line = cart.find((doc) => doc.key === added?.cart_line_key);
    expect(line).toMatchObject({ boxes: 2, inventory_key: plenty.inventory_key });
    // list_by_shopping_list_item answers the cart lines the items became.
    const byItem = await t.post(
      '/api/cart_box_item/list_by_shopping_list_item',
      { list_key: listKey },
      florist,
    );
    expect(byItem.status).toBe(200);
    const rows = (byItem.body as { results: { item_key: string; cart_line: unknown }[] }).results;
    expect(rows.find((r) => r.item_key === items[0]?.key)?.cart_line).toMatchObject({ boxes: 2 });
    expect(rows.find((r) => r.item_key === items[2]?.key)?.cart_line).toBeNull();
  });

  it("run for a chosen address counts that address's cart line, not another's", async () => {
    const saveAddress = async (street: string): Promise<string> => {
      const _KEY = `a-${randomUUID()}`;
      const slAddress = { address: street, city: 'Newark', state: 'NJ', zipcode: '07105' };
      const params = { slAddress, save: true, update: false, _KEY };
      const answer = await t.post('/api/cs/run', { key: 'customer_address', params }, florist);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return _KEY;
    };
    const [dock, mill] = [await saveAddress('9 Dock Road'), await saveAddress('4 Mill Lane')];
    // 4 boxes in stock: 2 already in the cart for Mill Lane, 1 for Dock Road, 1 left.
    const offer = pick('has exactly 4 boxes', (o) => !o.open_market && withBoxes(4)(o));
    for (const [address, boxes] of [
      [mill, 2],
      [dock, 1],
    ] as const) {
      const added = await t.post(
        '/api/cart_box/add_to_cart',
        { ...addArgs(offer, day, boxes), address },
        florist,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const listKey = await newList();
    expect((await addItem(florist, listKey, itemOf(offer, 2))).status).toBe(200);

    const answer = await t.post(
      '/api/shopping_list/run',
      { list_key: listKey, eta_date: day, address: dock },
      florist,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [outcome] = runOf((answer.body as { result: unknown }).result).outcomes;
    // Only the 1 box left went on the Dock Road line (1 -> 2): 1 of the 2 asked for.
    expect(outcome).toMatchObject({ status: 'partial', requested_boxes: 2, added_boxes: 1 });
    const cart = await pull(florist, 'cart_lines');
    expect(cart.find((doc) => doc.key === outcome?.cart_line_key)).toMatchObject({ boxes: 2 });
  });

  it('run again after a price change says the price changed', async () => {
    const offer = regular();
    const listKey = await newList();
    expect((await addItem(florist, listKey, itemOf(offer, 1))).status).toBe(200);
    const runOnce = async () =>
      runOf(
        (
          (await t.post('/api/shopping_list/run', { list_key: listKey, eta_date: day }, florist))
            .body as { result: unknown }
        ).result,
      );
    expect((await runOnce()).outcomes[0]?.price_changed).toBe(false);
    const raised = await t.post(
      '/api/catalog/offer_price',
      { inventory_key: offer.inventory_key, grower_price_mills: offer.grower_price_mills + 500 },
      manager,
    );
    expect(raised.status).toBe(200);
    const second = (await runOnce()).outcomes[0];
    expect(second?.price_changed).toBe(true);
    expect(second?.messages.some((m) => m.startsWith('The price of'))).toBe(true);
  });

  it('a run queued offline runs at push; its answer waits on the list for the device', async () => {
    const offer = regular();
    const listKey = key('sl');
    const results = await push(florist, [
      { name: 'create_shopping_list', args: { key: listKey, name: 'Offline' } },
      { name: 'shopping_list_add_item', args: { list_key: listKey, item: itemOf(offer, 1) } },
      { name: 'run_shopping_list', args: { list_key: listKey, eta_date: day } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const doc = (await pull(florist, 'shopping_lists')).find((d) => d.key === listKey);
    expect(shoppingListSchema.parse(doc).last_run?.outcomes[0]?.status).toBe('added');
  });

  describe('as an attacker', () => {
    it("another customer's list key: not found, nothing changes", async () => {
      const listKey = await newList(florist);
      const offer = regular();
      expect((await addItem(florist, listKey, itemOf(offer))).status).toBe(200);
      const before = await everything();
      const calls: [string, unknown][] = [
        ['/api/shopping_list/add_item', { list_key: listKey, item: itemOf(offer) }],
        ['/api/shopping_list/remove_item', { list_key: listKey, item_key: 'aaaaaaaa' }],
        ['/api/shopping_list/edit_item', { list_key: listKey, item_key: 'aaaaaaaa', quantity: 2 }],
        ['/api/shopping_list/run', { list_key: listKey, eta_date: day }],
        ['/api/shopping_list/rename', { key: listKey, name: 'Mine now' }],
        ['/api/cart_box_item/list_by_shopping_list_item', { list_key: listKey }],
      ];
      for (const [path, body] of calls) {
        const answer = await t.post(path, body, newbuyer);
        expect(answer.status, path).toBe(404);
        expect((answer.body as { error: string }).error).toBe(shoppingListMessages.listNotFound);
      }
      // Deleting it answers like deleting nothing, and deletes nothing.
      expect((await t.post('/api/shopping_list/delete', { key: listKey }, newbuyer)).status).toBe(
        200,
      );
      const pushed = await push(newbuyer, [
        { name: 'shopping_list_add_item', args: { list_key: listKey, item: itemOf(offer) } },
        { name: 'run_shopping_list', args: { list_key: listKey, eta_date: day } },
      ]);
      expect(pushed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      const after = await everything();
      expect(after.lists).toEqual(before.lists);
      expect(after.cartLines).toEqual(before.cartLines);
      expect(after.stock).toEqual(before.stock);
      expect((await lists(newbuyer)).map((l) => l.key)).not.toContain(listKey);
    });

    it('a customer param naming someone else is refused', async () => {
      const before = await listRows();
      const answer = await t.post('/api/shopping_list/list', { customer: 'c-bennett-x' }, newbuyer);
      expect(answer.status).toBe(403);
      const create = await t.post(
        '/api/shopping_list/create',
        { customer: 'someone-else', key: key('sl'), name: 'x' },
        florist,
      );
      expect(create.status).toBe(403);
      expect(await listRows()).toEqual(before);
    });

    it('hostile names, bad quantities and oversized lists are refused with nothing changed', async () => {
      const listKey = await newList();
      const offer = regular();
      const before = await listRows();
      const bad: [string, unknown][] = [
        ['/api/shopping_list/create', { key: key('sl'), name: '<img src=x onerror=alert(1)>' }],
        ['/api/shopping_list/create', { key: key('sl'), name: 'x'.repeat(61) }],
        ['/api/shopping_list/create', { key: key('sl'), name: '   ' }],
        ['/api/shopping_list/create', { key: key('sl'), name: 'tab\u0000null' }],
        ['/api/shopping_list/create', { key: '../../etc', name: 'ok' }],
        ['/api/shopping_list/add_item', { list_key: listKey, item: itemOf(offer, 0) }],
        ['/api/shopping_list/add_item', { list_key: listKey, item: itemOf(offer, -3) }],
        ['/api/shopping_list/add_item', { list_key: listKey, item: itemOf(offer, 1.5) }],
        ['/api/shopping_list/add_item', { list_key: listKey, item: itemOf(offer, 601) }],
        [
          '/api/shopping_list/add_item',
          { list_key: listKey, item: { ...itemOf(offer), quantity: '2; DROP TABLE' } },
        ],
        ['/api/shopping_list/run', { list_key: listKey, eta_date: 20200101 }],
      ];
      for (const [path, body] of bad) {
        const answer = await t.post(path, body, florist);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      }
      expect(await listRows()).toEqual(before);

      // A list full at 100 items refuses the 101st.
      const full = await newList();
      const varieties = [...new Set(offers.map((o) => o.variety_key))];
      for (let i = 0; i < 100; i += 1) {
        const item = {
          ...itemOf(offer),
          variety_key: varieties[i % varieties.length] ?? '',
          length: 30 + Math.floor(i / varieties.length),
        };
        expect((await addItem(florist, full, item)).status).toBe(200);
      }
      const beforeFull = await listRows();
      const over = await addItem(florist, full, { ...itemOf(offer), length: 250 });
      expect(over.status).toBe(409);
      expect((over.body as { error: string }).error).toBe(shoppingListMessages.tooManyItems(100));
      expect(await listRows()).toEqual(beforeFull);
    });
  });

  it("an email-only guest session sees none of the email's lists and cannot make any", async () => {
    const visitor = await publicToken(t);
    const email = uniqueEmail('lists');
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
    const listKey = await newList(owner, 'Owner list');
    const attacker = await signIn();
    const before = await listRows();
    expect((await t.post('/api/shopping_list/list', {}, attacker)).status).toBe(403);
    expect((await pull(attacker, 'shopping_lists')).map((d) => d.key)).not.toContain(listKey);
    const pushed = await push(attacker, [
      { name: 'create_shopping_list', args: { key: key('sl'), name: 'Sneaky' } },
      { name: 'rename_shopping_list', args: { key: listKey, name: 'Sneaky' } },
    ]);
    expect(pushed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await listRows()).toEqual(before);
  });
});
