import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  orderSchema,
  pushAnswerSchema,
  unitsPerBox,
  type MutationResult,
  type Offer,
  type Order,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import {
  accounts,
  startTestServer,
  type StartOptions,
  type TestServer,
} from '../test-support/test-server';

/** Monday 23 November 2026: the first delivery week of every standing order in these tests. */
export const WEEK = 20261123;
/** Its Tuesday, the delivery date; the cut-off is 5 days before, on Thursday the 19th. */
export const TUESDAY = 20261124;
export const DAY_MS = 24 * 3600_000;

export type Item = {
  key: string;
  variety_key: string;
  variety_name: string;
  length: number;
  quantity: number;
  grower_key: string | null;
};

/**
 * A real server (its clock on Wednesday 18 November 2026, the day before the cut-off of the
 * week of the 23rd) with the demo florist signed in and a saved card, and the tools the
 * scheduler tests share: standing orders made through the sync push, price rows of Tuesday the
 * 24th, and reads of what a run wrote.
 */
export async function startStandingScenario(options: StartOptions = {}) {
  const t = await startTestServer(options);
  const [florist, newbuyer] = await Promise.all([
    t.login(accounts.florist),
    t.login(accounts.newbuyer),
  ]);
  await saveTestCard(t, florist);
  const offers = (await t.catalog(florist, TUESDAY)).offers;
  // Rows alone in their variety and length, from any farm: a line's stock is then one row's.
  const groups = new Map<string, number>();
  const groupOf = (offer: Offer) => `${offer.variety_key}|${offer.length}`;
  for (const offer of offers) groups.set(groupOf(offer), (groups.get(groupOf(offer)) ?? 0) + 1);
  const alone = offers.filter((offer) => groups.get(groupOf(offer)) === 1);
  let next = 0;
  // Farms with two regular rows of other varieties, each alone in its variety and length.
  const byFarm = new Map<string, Offer[]>();
  for (const offer of alone)
    if (!offer.open_market)
      byFarm.set(offer.grower_key, [...(byFarm.get(offer.grower_key) ?? []), offer]);
  const farms = [...byFarm.values()].filter((rows) => rows.length >= 2);
  const usedRows = new Set<number>();

  return {
    t,
    florist,
    newbuyer,
    /** A price row of Tuesday nobody else in the test uses, with exactly `boxes` boxes left. */
    async row(boxes: number): Promise<Offer> {
      while (usedRows.has(alone[next]?.inventory_key ?? -1)) next += 1;
      const offer = alone[next];
      next += 1;
      if (offer) usedRows.add(offer.inventory_key);
      if (!offer) throw new Error('the demo catalogue has too few rows');
      await setStock(t, offer.inventory_key, boxes * unitsPerBox(offer));
      return { ...offer, available: boxes * unitsPerBox(offer) };
    },
    /** Two rows of one farm that no other test row uses, with `bunches` bunches left each. */
    async farmRows(bunches: [number, number]): Promise<[Offer, Offer]> {
      const rows = farms.find((pair) => pair.every((row) => !usedRows.has(row.inventory_key)));
      const [first, second] = rows ?? [];
      if (!first || !second) throw new Error('the demo catalogue has too few farms');
      const picked: Offer[] = [];
      for (const [index, row] of [first, second].entries()) {
        usedRows.add(row.inventory_key);
        const units = (bunches[index] ?? 0) * (row.uom === 'bunch' ? 1 : row.stems_per_bunch);
        await setStock(t, row.inventory_key, units);
        picked.push({ ...row, available: units });
      }
      return picked as [Offer, Offer];
    },
    item(offer: Offer, quantity: number, grower = true): Item {
      return {
        key: `it-${randomUUID()}`,
        variety_key: offer.variety_key,
        variety_name: '',
        length: offer.length,
        quantity,
        grower_key: grower ? offer.grower_key : null,
      };
    },
    /** A weekly standing order from the week of the 23rd, delivered on Tuesdays (by default). */
    async create(token: string, items: Item[], fields: Record<string, unknown> = {}) {
      const args = {
        key: `so-${randomUUID()}`,
        name: `Cooler ${next}`,
        items,
        every_weeks: 1,
        term_weeks: 12,
        start_week: WEEK,
        delivery_weekday: 2,
        ...fields,
      };
      expect((await push(t, token, 'create_standing_order', args)).status).toBe('applied');
      return args;
    },
    push: (token: string, name: string, args: unknown) => push(t, token, name, args),
  };
}

export async function push(
  t: TestServer,
  token: string,
  name: string,
  args: unknown,
): Promise<MutationResult> {
  const answer = await t.post(
    '/api/sync/push',
    {
      clientId: 'c1',
      mutations: [{ id: randomUUID(), clientId: 'c1', name, args, createdAt: t.clock.now }],
    },
    token,
  );
  expect(answer.status).toBe(200);
  const [result] = pushAnswerSchema.parse(answer.body).results;
  if (!result) throw new Error('no result');
  return result;
}

export async function setStock(t: TestServer, inventoryKey: number, units: number) {
  await t.sql.run('UPDATE offers SET available = ? WHERE inventory_key = ?', [units, inventoryKey]);
}

/** Every price row's stock, to compare before and after a run. */
export async function stockTable(t: TestServer): Promise<Map<number, number>> {
  const rows = await t.sql.all<{ inventory_key: number; available: number }>(
    'SELECT inventory_key, available FROM offers',
  );
  return new Map(rows.map((row) => [row.inventory_key, row.available]));
}

/** The rows of `standing_order_runs` of one standing order. */
export function runsOf(t: TestServer, standingKey: string) {
  return t.sql.all<{ week: number; outcome: string; order_key: string | null }>(
    'SELECT week, outcome, order_key FROM standing_order_runs WHERE standing_order_key = ? ORDER BY week',
    [standingKey],
  );
}

/** The orders a standing order made, read from the database. */
export async function ordersOf(
  t: TestServer,
  customerKey: string,
  standingKey: string,
): Promise<Order[]> {
  const rows = await t.sql.all<{ doc: string }>(
    `SELECT o.doc FROM orders o JOIN standing_order_runs r
       ON r.customer_key = o.customer_key AND r.order_key = o.key
     WHERE o.customer_key = ? AND r.standing_order_key = ? ORDER BY o.key`,
    [customerKey, standingKey],
  );
  return rows.map((row) => orderSchema.parse(JSON.parse(row.doc)));
}

/** Every order of a customer whose key a standing order's week gives (`so<week>-…`). */
export async function standingOrderKeys(t: TestServer, customerKey: string): Promise<string[]> {
  const rows = await t.sql.all<{ key: string }>(
    "SELECT key FROM orders WHERE customer_key = ? AND key LIKE 'so%' ORDER BY key",
    [customerKey],
  );
  return rows.map((row) => row.key);
}

/** The notice texts of a customer, oldest first. */
export async function noticeTexts(t: TestServer, customerKey: string): Promise<string[]> {
  const rows = await t.sql.all<{ doc: string }>(
    'SELECT doc FROM notices WHERE customer_key = ? AND deleted = 0 ORDER BY seq',
    [customerKey],
  );
  return rows.map((row) => (JSON.parse(row.doc) as { message: string }).message);
}

/** The tables a run may write for a customer, each with the order of its primary key. */
const CUSTOMER_TABLES = {
  orders: 'key',
  order_lines: 'order_key, line_no',
  notices: 'key',
  cart_lines: 'key',
  standing_orders: 'key',
  standing_order_runs: 'standing_order_key, week',
  payment_cards: 'key',
} as const;

/** Everything stored for one customer in the tables a run may write. */
export async function customerRows(t: TestServer, customerKey: string): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (const [table, order] of Object.entries(CUSTOMER_TABLES)) {
    rows.push(
      await t.sql.all(`SELECT * FROM ${table} WHERE customer_key = ? ORDER BY ${order}`, [
        customerKey,
      ]),
    );
  }
  rows.push(await t.sql.all('SELECT * FROM customers WHERE key = ?', [customerKey]));
  return rows;
}
