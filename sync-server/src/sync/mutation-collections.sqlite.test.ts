import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bunchesInStock,
  cartLineKey,
  MUTATION_COLLECTIONS,
  mondayOf,
  parseEtaDate,
  toEtaDate,
  mutationArgsSchemas,
  noticeSchema,
  percentPerBunch,
  pushAnswerSchema,
  SYNCED_COLLECTIONS,
  unitsPerBox,
  type MutationName,
  type MutationResult,
  type Offer,
  type SyncedCollection,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { ARRIVED_ORDER, claimCalls } from '../test-support/claim-fixture';
import {
  accounts,
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';
import { SYNC_PUSH_PATH } from './routes';

/**
 * One realistic, successful run of a mutation: `setup` prepares the buyer's state through the
 * ordinary calls and returns the mutation's args.
 */
interface Scenario {
  description: string;
  buyer: 'florist' | 'newbuyer';
  setup: () => Promise<unknown>;
}

/**
 * After a push the PWA pulls only `MUTATION_COLLECTIONS[name]` (pwa/src/sync/replicator.ts), and
 * the server pokes only what the handler reports as `touched`. For every queued mutation this
 * drives real runs through the push endpoint and checks, from the synced tables' `seq` columns,
 * that what the mutation wrote ⊆ what its handler poked ⊆ what the map lists: a handler that
 * writes a collection the map leaves out would leave the pushing device stale until some later
 * poke.
 */
describe('MUTATION_COLLECTIONS covers what each mutation writes', { timeout: 60_000 }, () => {
  let t: TestServer;
  const tokens = { florist: '', newbuyer: '', manager: '' };
  let day = 0;
  let pick: ReturnType<typeof createOfferPicker>;
  /** Rows of one grower that custom boxes can hold (a box holds one grower's rows). */
  let boxRows: Offer[] = [];
  let serial = 0;

  beforeAll(async () => {
    t = await startTestServer();
    [tokens.florist, tokens.newbuyer, tokens.manager] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
    ]);
    [day = 0] = t.deliveryDates(1);
    const offers = (await t.catalog(tokens.florist, day)).offers;
    pick = createOfferPicker(offers);
    const byGrower = new Map<string, Offer[]>();
    for (const offer of offers.filter(
      (o) => !o.open_market && bunchesInStock(o) >= 40 && percentPerBunch(o) <= 25,
    ))
      byGrower.set(offer.grower_key, [...(byGrower.get(offer.grower_key) ?? []), offer]);
    boxRows = [...byGrower.values()].find((rows) => rows.length >= 2) ?? [];
    if (boxRows.length < 2) throw new Error('seed lacks a grower with two box rows');
    // A server start, three log-ins and a catalogue: the other server suites allow 30 s.
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const customerOf = (token: string): string =>
    (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        customer: string;
      }
    ).customer;
  const currentSeq = async (): Promise<number> =>
    (await t.sql.one<{ value: number }>('SELECT value FROM change_seq'))?.value ?? 0;
  /** The synced collections holding a row (of any customer) written after `seq`. */
  const writtenSince = async (seq: number): Promise<SyncedCollection[]> => {
    const written: SyncedCollection[] = [];
    for (const collection of SYNCED_COLLECTIONS) {
      const row = await t.sql.one(`SELECT 1 AS hit FROM ${collection} WHERE seq > ? LIMIT 1`, [
        seq,
      ]);
      if (row !== undefined) written.push(collection);
    }
    return written;
  };

  const push = async (token: string, name: string, args: unknown): Promise<MutationResult> => {
    const clientId = 'collections-test';
    const answer = await t.post(
      SYNC_PUSH_PATH,
      {
        clientId,
        mutations: [{ id: `m-${randomUUID()}`, clientId, name, args, createdAt: t.clock.now }],
      },
      token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [result] = pushAnswerSchema.parse(answer.body).results;
    if (!result) throw new Error('the push answered no result');
    return result;
  };
  const ok = async (answer: Promise<{ status: number; body: unknown }>): Promise<void> => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
  };

  // Setup steps, each through the call a buyer (or staff) makes.
  const regular = () =>
    pick(
      'is a regular row with 3+ boxes',
      (o) => !o.open_market && o.available >= 3 * unitsPerBox(o),
    );
  const addLine = async (token: string, offer: Offer, boxes: number): Promise<string> => {
    await ok(t.post('/api/cart_box/add_to_cart', addArgs(offer, day, boxes), token));
    return cartLineKey(offer.inventory_key, day);
  };
  const fillBox = async (token: string, close = false): Promise<string> => {
    const key = `cb-collections-${(serial += 1)}`;
    await ok(
      t.post(
        '/api/cart_box/upsert_custom_box',
        {
          key,
          grower: boxRows[0]?.grower_key,
          eta_date: day,
          items: boxRows.slice(0, 2).map((row) => ({ inventory: row.inventory_key, quantity: 2 })),
        },
        token,
      ),
    );
    if (close) await ok(t.post('/api/cart_box/close_box', { key }, token));
    return key;
  };
  const raisePrice = (offer: Offer) =>
    ok(
      t.post(
        '/api/catalog/offer_price',
        { inventory_key: offer.inventory_key, grower_price_mills: offer.grower_price_mills + 250 },
        tokens.manager,
      ),
    );
  const claims = () => claimCalls(t);
  /** A claim on one line of the demo florist's arrived order, its 4 photos uploaded. */
  const claimArgs = async (lineNo: number) => {
    const claimKey = `claim-collections-${(serial += 1)}`;
    return {
      claim_key: claimKey,
      order_key: ARRIVED_ORDER,
      folder_key: await claims().folderWithPhotos(tokens.florist, claimKey),
      lines: [{ line_no: lineNo, units: 1 }],
      reason: 'Broken stems',
    };
  };
  const eventArgs = (key: string) => ({
    key,
    name: 'Harbor wedding',
    date: 20261211,
    venue_address: '1 Pier Road',
    notes: '',
  });
  const addressArgs = (key: string) => ({
    slAddress: { address: '9 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' },
    save: true,
    update: false,
    _KEY: key,
  });

  /**
   * Every mutation name must have a case here (the type says so, and the test below checks the
   * schema's names at run time too). Prefer the run that writes the most collections.
   */
  const scenarios: Record<MutationName, Scenario[]> = {
    add_to_cart: [
      {
        description: 'adds boxes of a regular row',
        buyer: 'florist',
        setup: async () => addArgs(regular(), day, 1),
      },
    ],
    execute_box_changes: [
      {
        description: 'changes one line and removes another',
        buyer: 'florist',
        setup: async () => {
          const [first, second] = [
            await addLine(tokens.florist, regular(), 2),
            await addLine(tokens.florist, regular(), 1),
          ];
          return {
            changes: [
              { key: first, boxes: 1 },
              { key: second, boxes: 0 },
            ],
          };
        },
      },
    ],
    delete_boxes: [
      {
        description: 'removes a cart line and a custom box',
        buyer: 'florist',
        setup: async () => ({
          keys: [await addLine(tokens.florist, regular(), 1), await fillBox(tokens.florist)],
        }),
      },
    ],
    dismiss_notices: [
      {
        description: 'dismisses the notice of a price change',
        buyer: 'florist',
        setup: async () => {
          const offer = regular();
          await addLine(tokens.florist, offer, 1);
          await raisePrice(offer);
          const keys = (
            await t.sql.all<{ doc: string }>(
              'SELECT doc FROM notices WHERE customer_key = ? AND deleted = 0',
              [customerOf(tokens.florist)],
            )
          ).map((row) => noticeSchema.parse(JSON.parse(row.doc)).key);
          expect(keys.length).toBeGreaterThan(0);
          return { keys };
        },
      },
    ],
    upsert_custom_box: [
      {
        description: 'fills a new box',
        buyer: 'florist',
        setup: async () => ({
          key: `cb-collections-${(serial += 1)}`,
          grower: boxRows[0]?.grower_key,
          eta_date: day,
          items: [{ inventory: boxRows[0]?.inventory_key, quantity: 1 }],
        }),
      },
      {
        description: 'takes every bunch out (the box goes)',
        buyer: 'florist',
        setup: async () => ({
          key: await fillBox(tokens.florist),
          grower: boxRows[0]?.grower_key,
          eta_date: day,
          items: [],
        }),
      },
    ],
    remove_from_box: [
      {
        description: 'takes one row out of a box',
        buyer: 'florist',
        setup: async () => ({
          key: await fillBox(tokens.florist),
          inventory: boxRows[1]?.inventory_key,
        }),
      },
    ],
    close_box: [
      {
        description: 'closes an open box',
        buyer: 'florist',
        setup: async () => ({ key: await fillBox(tokens.florist) }),
      },
    ],
    open_box: [
      {
        description: 'opens a closed box',
        buyer: 'florist',
        setup: async () => ({ key: await fillBox(tokens.florist, true) }),
      },
    ],
    place_order: [
      {
        description: 'orders a re-priced line and a closed box',
        buyer: 'newbuyer',
        setup: async () => {
          const offer = regular();
          await addLine(tokens.newbuyer, offer, 1);
          await raisePrice(offer);
          await fillBox(tokens.newbuyer, true);
          return { card_key: (await saveTestCard(t, tokens.newbuyer)).key };
        },
      },
    ],
    extend_expiration_boxes: [
      {
        description: 'extends a running open-market hold',
        buyer: 'florist',
        setup: async () => {
          const offer = pick(
            'is an open-market row with 2+ boxes',
            (o) => o.open_market && o.available >= 2 * unitsPerBox(o),
          );
          await addLine(tokens.florist, offer, 1);
          t.clock.advance(60_000);
          return {};
        },
      },
    ],
    add_favorite: [
      {
        description: 'adds a favourite variety',
        buyer: 'florist',
        setup: async () => ({ variety_key: regular().variety_key }),
      },
    ],
    remove_favorite: [
      {
        description: 'removes a favourite variety',
        buyer: 'florist',
        setup: async () => {
          const variety_key = regular().variety_key;
          expect((await push(tokens.florist, 'add_favorite', { variety_key })).status).toBe(
            'applied',
          );
          return { variety_key };
        },
      },
    ],
    customer_address: [
      {
        description: 'saves a one-time address',
        buyer: 'florist',
        setup: async () => addressArgs(`a-${randomUUID()}`),
      },
    ],
    delete_address: [
      {
        description: 'deletes a one-time address',
        buyer: 'florist',
        setup: async () => {
          const key = `a-${randomUUID()}`;
          const saved = await push(tokens.florist, 'customer_address', addressArgs(key));
          expect(saved.status).toBe('applied');
          return { keys: [key] };
        },
      },
    ],
    save_event: [
      {
        description: 'adds an event',
        buyer: 'florist',
        setup: async () => eventArgs(`ev-${randomUUID()}`),
      },
    ],
    delete_event: [
      {
        description: 'removes an event',
        buyer: 'florist',
        setup: async () => {
          const key = `ev-${randomUUID()}`;
          expect((await push(tokens.florist, 'save_event', eventArgs(key))).status).toBe('applied');
          return { key };
        },
      },
    ],
    assign_cart_line_event: [
      {
        description: 'puts a cart line in an event',
        buyer: 'florist',
        setup: async () => {
          const key = `ev-${randomUUID()}`;
          expect((await push(tokens.florist, 'save_event', eventArgs(key))).status).toBe('applied');
          const row = regular();
          expect((await push(tokens.florist, 'add_to_cart', addArgs(row, day, 1))).status).toBe(
            'applied',
          );
          return { line_key: cartLineKey(row.inventory_key, day), event_key: key };
        },
      },
    ],
    update_preferences: [
      {
        description: 'changes a preference (kept on the customer, not synced)',
        buyer: 'florist',
        setup: async () => ({ preferences: { isDayDeliveryAutoSelected: false } }),
      },
    ],
    claim_finish: [
      {
        description: 'files a claim on an arrived line with 4 photos',
        buyer: 'florist',
        setup: async () => claimArgs(1),
      },
    ],
    claim_update: [
      {
        description: 'changes the units of a submitted claim',
        buyer: 'florist',
        setup: async () => {
          const args = await claimArgs(2);
          await ok(claims().run(tokens.florist, 'claim_finish', args));
          return { ...args, lines: [{ line_no: 2, units: 2 }] };
        },
      },
    ],
    claim_delete: [
      {
        description: 'withdraws a claim before review',
        buyer: 'florist',
        setup: async () => {
          const args = await claimArgs(3);
          await ok(claims().run(tokens.florist, 'claim_finish', args));
          return { claim_key: args.claim_key };
        },
      },
    ],
    ...shoppingListScenarios(),
  };

  /** Shopping lists: each scenario makes its own list through the REST calls first. */
  function shoppingListScenarios() {
    const newList = async (withItem = true) => {
      const key = `sl-collections-${(serial += 1)}`;
      await ok(t.post('/api/shopping_list/create', { key, name: 'Weekly cooler' }, tokens.florist));
      const offer = regular();
      const item = {
        key: `it-collections-${(serial += 1)}`,
        variety_key: offer.variety_key,
        variety_name: 'x',
        length: offer.length,
        quantity: 1,
        unit: 'box',
        grower_key: offer.grower_key,
      };
      if (withItem)
        await ok(t.post('/api/shopping_list/add_item', { list_key: key, item }, tokens.florist));
      return { key, item, offer };
    };
    const weekAfter = (monday: number) => {
      const date = parseEtaDate(monday);
      if (!date) throw new Error(`not a date: ${monday}`);
      return toEtaDate(date.add({ days: 7 }));
    };
    const standingArgs = () => {
      const offer = regular();
      return {
        key: `so-collections-${(serial += 1)}`,
        name: 'Weekly cooler',
        items: [
          {
            key: `it-collections-${(serial += 1)}`,
            variety_key: offer.variety_key,
            variety_name: 'x',
            length: offer.length,
            quantity: 1,
            grower_key: null,
          },
        ],
        every_weeks: 1,
        term_weeks: 12,
        start_week: weekAfter(mondayOf(day)),
        delivery_weekday: 2,
      };
    };
    const newStanding = async () => {
      const args = standingArgs();
      expect((await push(tokens.florist, 'create_standing_order', args)).status).toBe('applied');
      return args;
    };
    const florist = (description: string, setup: () => Promise<unknown>) => [
      { description, buyer: 'florist' as const, setup },
    ];
    return {
      create_shopping_list: florist('creates a list', async () => ({
        key: `sl-collections-${(serial += 1)}`,
        name: 'Smith wedding',
      })),
      rename_shopping_list: florist('renames a list', async () => ({
        key: (await newList(false)).key,
        name: 'Renamed',
      })),
      delete_shopping_list: florist('deletes a list', async () => ({
        key: (await newList(false)).key,
      })),
      shopping_list_add_item: florist('adds an item', async () => {
        const { key } = await newList(false);
        const offer = regular();
        return {
          list_key: key,
          item: {
            key: `it-collections-${(serial += 1)}`,
            variety_key: offer.variety_key,
            variety_name: 'x',
            length: offer.length,
            quantity: 2,
            unit: 'box',
            grower_key: null,
          },
        };
      }),
      shopping_list_edit_item: florist('changes a quantity', async () => {
        const { key, item } = await newList();
        return { list_key: key, item_key: item.key, quantity: 3 };
      }),
      shopping_list_remove_item: florist('removes an item', async () => {
        const { key, item } = await newList();
        return { list_key: key, item_key: item.key };
      }),
      run_shopping_list: florist('runs a list into the cart', async () => ({
        list_key: (await newList()).key,
        eta_date: day,
      })),
      // Standing orders: a weekly order from the week after the first delivery date's.
      create_standing_order: florist('creates a weekly standing order', async () => standingArgs()),
      set_standing_order_status: florist('pauses a standing order', async () => ({
        key: (await newStanding()).key,
        status: 'paused',
      })),
      set_standing_order_card: florist('charges it to another saved card', async () => ({
        key: (await newStanding()).key,
        card_key: (await saveTestCard(t, tokens.florist, { holder_name: 'Other Card' })).key,
      })),
      skip_standing_order_week: florist('skips its second week', async () => {
        const order = await newStanding();
        return { key: order.key, week: weekAfter(order.start_week), skip: true };
      }),
      change_standing_order_week: florist('changes one week', async () => {
        const order = await newStanding();
        return {
          key: order.key,
          week: order.start_week,
          quantities: { [order.items[0]?.key ?? '']: 2 },
        };
      }),
      reorder_products: florist('puts a past line back in the cart', async () => {
        const offer = regular();
        return {
          items: [
            {
              length: offer.length,
              quantity: 1,
              variety: offer.variety_key,
              grower: offer.grower_key,
              substitute: false,
            },
          ],
          eta_date: day,
        };
      }),
    };
  }

  const names = Object.keys(mutationArgsSchemas) as MutationName[];

  it('has a case and a map entry for every mutation name, and nothing else', () => {
    expect(Object.keys(scenarios).sort()).toEqual([...names].sort());
    expect(Object.keys(MUTATION_COLLECTIONS).sort()).toEqual([...names].sort());
  });

  describe.each(names)('%s', (name) => {
    const cases = (scenarios as Partial<Record<string, Scenario[]>>)[name] ?? [];

    it.each(cases.map((scenario) => [scenario.description, scenario] as const))(
      '%s: writes and pokes only collections the map lists',
      async (_, scenario) => {
        const token = tokens[scenario.buyer];
        const poked = new Set<SyncedCollection>();
        let heard = (): void => undefined;
        /**
         * Waits until every collection of `written` was poked (2 s at most): on PostgreSQL pokes
         * travel through NOTIFY and may land after the answer; on SQLite they are already here.
         */
        const allPoked = (written: SyncedCollection[]) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 2_000);
            heard = () => {
              if (written.every((collection) => poked.has(collection))) {
                clearTimeout(timer);
                resolve();
              }
            };
            heard();
          });
        const unsubscribe = t.server.context.changes.subscribe(customerOf(token), (poke) => {
          for (const collection of poke.collections) poked.add(collection);
          heard();
        });
        let result: MutationResult;
        let written: SyncedCollection[];
        try {
          // The setup's own pokes are heard out first, so they are not taken for the run's.
          const setupSeq = await currentSeq();
          const args = await scenario.setup();
          await allPoked(await writtenSince(setupSeq));
          poked.clear();
          const seq = await currentSeq();
          result = await push(token, name, args);
          written = await writtenSince(seq);
          await allPoked(written);
        } finally {
          unsubscribe();
        }
        expect(result, JSON.stringify(result)).toMatchObject({ status: 'applied' });
        const listed = MUTATION_COLLECTIONS[name];
        // The run must write something wherever the map says the mutation can.
        if (listed.length > 0) expect(written).not.toEqual([]);
        // A written collection the handler did not report: other devices are never poked.
        expect(written.filter((collection) => !poked.has(collection))).toEqual([]);
        // A reported collection the map leaves out: the pushing device does not pull it.
        expect([...poked].filter((collection) => !listed.includes(collection))).toEqual([]);
        expect(written.filter((collection) => !listed.includes(collection))).toEqual([]);
      },
    );

    it('rejects args of the wrong shape, writing no synced collection', async () => {
      const seq = await currentSeq();
      expect(await push(tokens.florist, name, 'not an object')).toMatchObject({
        status: 'rejected',
        code: 'invalid_args',
      });
      expect(await writtenSince(seq)).toEqual([]);
    });
  });
});
