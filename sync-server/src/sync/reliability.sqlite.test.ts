import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxesOffered,
  CART_LINE_MONEY,
  cartLineSchema,
  fromDollars,
  mutationResultSchema,
  unitsPerBox,
  type CartLine,
  type Offer,
} from '@stemline/shared';
import { Random } from '../seed/random';
import { createSyncClient, lossyTransport, type SyncClient } from '../test-support/sync-client';
import { createTestBuyersOf } from '../test-support/test-buyers';
import {
  addArgs,
  createOfferPicker,
  startTestServer,
  stockOf,
  type TestServer,
} from '../test-support/test-server';

const SEED = 20261121;
const CUSTOMERS = 10;
const DEVICES_PER_CUSTOMER = 2;
const STEPS_PER_PHASE = 10;

interface Device {
  customerKey: string;
  token: string;
  client: SyncClient;
  random: Random;
  lost: { beforeSend: number; afterAnswer: number };
}

const byKey = (a: { key: string }, b: { key: string }): number => a.key.localeCompare(b.key);

describe('20 clients racing for the same offers over a lossy network', () => {
  let t: TestServer;
  let day = 0;
  let contended: Offer[] = [];
  let devices: Device[] = [];

  beforeAll(async () => {
    t = await startTestServer();
    [day = 0] = t.deliveryDates(1);
    const buyers = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, CUSTOMERS, 'race');
    const catalog = await t.catalog(buyers[0]?.token ?? '', day);
    const pick = createOfferPicker(catalog.offers);
    const boxes = (min: number, max: number) => (offer: Offer) =>
      boxesOffered(offer) >= min && boxesOffered(offer) <= max;
    // Scarce stock: 20 buyers asking for 1–3 boxes at a time drain these within a few steps.
    contended = [
      pick('is a regular row with 3–6 boxes', (o) => !o.open_market && boxes(3, 6)(o)),
      pick('is a regular row with 3–6 boxes', (o) => !o.open_market && boxes(3, 6)(o)),
      pick('is a regular row with 7–12 boxes', (o) => !o.open_market && boxes(7, 12)(o)),
      pick('is an open-market row with 3–12 boxes', (o) => o.open_market && boxes(3, 12)(o)),
      pick('is an open-market row with 3–12 boxes', (o) => o.open_market && boxes(3, 12)(o)),
    ];
    const root = new Random(SEED);
    devices = buyers.flatMap((buyer, customer) =>
      Array.from({ length: DEVICES_PER_CUSTOMER }, (_, device): Device => {
        const clientId = `race-${customer}-${device}`;
        const random = Random.derive(SEED, clientId);
        const network = Random.derive(root.nextUint32(), `${clientId}-network`);
        const transport = lossyTransport(() => network.next(), {
          beforeSend: 0.1,
          afterAnswer: 0.15,
        });
        return {
          customerKey: buyer.customerKey,
          token: buyer.token,
          random,
          lost: transport.lost,
          client: createSyncClient({
            baseUrl: t.url,
            token: buyer.token,
            clientId,
            catalog,
            transport,
            now: () => t.clock.now,
          }),
        };
      }),
    );
  }, 30_000);

  afterAll(async () => {
    await t.stop();
  });

  /**
   * The offer's stock and the units held in live cart lines of every customer, read in ONE
   * statement: other devices' pushes commit between two statements, and on PostgreSQL each
   * statement sees what was committed when it began.
   */
  async function stockAndCarts(offer: Offer): Promise<{ available: number; inCarts: number }> {
    // SUM is NUMERIC on PostgreSQL: cast it back to an integer.
    const row = await t.sql.one<{ available: number; boxes: number }>(
      `SELECT available, (SELECT CAST(COALESCE(SUM(boxes), 0) AS INTEGER) FROM cart_lines
         WHERE inventory_key = ? AND deleted = 0) AS boxes
       FROM offers WHERE inventory_key = ?`,
      [offer.inventory_key, offer.inventory_key],
    );
    if (!row) throw new Error(`no offer ${offer.inventory_key}`);
    return { available: row.available, inCarts: row.boxes * unitsPerBox(offer) };
  }

  /** Stock bookkeeping that must hold after every committed write. */
  async function expectStockConsistent(): Promise<void> {
    for (const offer of contended) {
      const { available, inCarts } = await stockAndCarts(offer);
      expect(inCarts).toBeLessThanOrEqual(offer.available);
      expect(available).toBe(offer.available - inCarts);
    }
  }

  /** One buyer action on one device, chosen by that device's seeded stream. */
  async function step(device: Device): Promise<void> {
    const { client, random } = device;
    const cart = client.visibleCart();
    const roll = random.next();
    if (roll < 0.5 || cart.length === 0) {
      const offer = random.pick(contended);
      // Now and then a quantity the rule refuses, so rejections travel the same road.
      const quantity = random.chance(0.05) ? 0 : random.int(1, 3);
      client.enqueue('add_to_cart', addArgs(offer, day, quantity));
    } else if (roll < 0.65) {
      const line = random.pick(cart);
      client.enqueue('execute_box_changes', {
        changes: [{ key: line.key, boxes: random.int(0, line.boxes + 2) }],
      });
    } else if (roll < 0.75) {
      client.enqueue('delete_boxes', { keys: [random.pick(cart).key] });
    } else if (roll < 0.8 && client.visibleNotices().length > 0) {
      client.enqueue('dismiss_notices', { keys: [random.pick(client.visibleNotices()).key] });
    }
    if (random.chance(0.35)) await client.sync();
    else await new Promise((resolve) => setImmediate(resolve));
    await expectStockConsistent();
  }

  async function phase(): Promise<void> {
    await Promise.all(
      devices.map(async (device) => {
        for (let i = 0; i < STEPS_PER_PHASE; i += 1) await step(device);
      }),
    );
  }

  /** The server's cart by `list_carts`, a spec call (prices in dollars), read back in cents. */
  async function serverCart(token: string): Promise<CartLine[]> {
    const answer = await t.post<{ results: { items: unknown[] }[] }>(
      '/api/cs/run',
      { key: 'list_carts' },
      token,
    );
    expect(answer.status).toBe(200);
    return answer.body.results
      .flatMap((group) => group.items)
      .map((item) => cartLineSchema.parse(fromDollars(item, CART_LINE_MONEY)))
      .sort(byKey);
  }

  it('never sells more than the stock, and every device ends with the server’s cart', async () => {
    await phase();
    // Reservations end while devices still hold queued edits to those lines.
    t.clock.advance(31 * 60_000);
    const released = await t.server.sweepReservations();
    await expectStockConsistent();
    await phase();

    // Everyone pushes what is left, then everyone pulls what the others did.
    await Promise.all(devices.map((device) => device.client.sync()));
    await Promise.all(devices.map((device) => device.client.sync()));

    expect(released).toBeGreaterThan(0);
    await expectStockConsistent();
    for (const offer of contended)
      expect(await stockOf(t.sql, offer.inventory_key)).toBeGreaterThanOrEqual(0);
    // The race was real: some offers ran out for someone.
    const soldOut = devices.flatMap((d) =>
      d.client.outbox.filter(
        (e) => e.result?.status === 'rejected' && e.result.code === 'sold_out',
      ),
    );
    expect(soldOut.length).toBeGreaterThan(0);
    // The network really lost requests and answers, so retries with the same ids happened.
    expect(devices.reduce((sum, d) => sum + d.lost.afterAnswer, 0)).toBeGreaterThan(0);
    expect(devices.reduce((sum, d) => sum + d.lost.beforeSend, 0)).toBeGreaterThan(0);

    for (const device of devices) {
      expect(device.client.outbox.filter((entry) => entry.status === 'pending')).toEqual([]);
      const visible = device.client.visibleCart().sort(byKey);
      expect(visible, device.client.clientId).toEqual(await serverCart(device.token));
    }

    // Every queued mutation was recorded exactly once, with the result its device holds.
    const records = new Map(
      (
        await t.sql.all<{ id: string; result: string }>(
          "SELECT id, result FROM mutations WHERE client_id LIKE 'race-%'",
        )
      ).map((row) => [row.id, mutationResultSchema.parse(JSON.parse(row.result))]),
    );
    const queued = devices.flatMap((device) => device.client.outbox);
    expect(records.size).toBe(queued.length);
    for (const entry of queued) expect(records.get(entry.id)).toEqual(entry.result);
  }, 60_000);
});
