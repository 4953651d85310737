import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_LINE_MONEY,
  cartLineSchema,
  CLAIM_MONEY,
  claimSchema,
  customBoxSchema,
  inDollars,
  ORDER_MONEY,
  orderSchema,
  SHOPPING_LIST_MONEY,
  shoppingListSchema,
} from '@stemline/shared';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { migrate, migrations } from './migrations';
import { postgresEngine } from './postgres-engine';
import { migratePostgres } from './postgres-migrations';
import type { SqlEngine, SqlExecutor } from './sql-engine';
import { sqliteEngine } from './sqlite-engine';

/** The migration that counts money in whole cents (issue 22). */
const MONEY = migrations.findIndex(
  (migration) => typeof migration !== 'string' && migration.sql.includes('grower_price_mills'),
);

const orderDoc = {
  key: 'o-1',
  number: 'PO-20261118-00001',
  status: 'placed',
  purchase_date: 20261118,
  created_at: 1,
  updated_at: 2,
  currency: 'USD',
  lines: [
    {
      line_no: 1,
      cart_line_key: '7-20261120',
      inventory_key: 7,
      variety_key: 'v',
      variety_name: 'Freedom',
      color_code: '#b11226',
      grower_key: 'g',
      grower_name: 'Andina',
      country_iso: 'EC',
      length: 60,
      eta_date: 20261120,
      boxes: 2,
      uom: 'stem',
      stems_per_bunch: 25,
      bunches_in_box: 4,
      stem_price: 1.6,
      cart_price: 1.45,
      price_changed: true,
      total: 320,
      status: 'placed',
      cancelled_at: null,
    },
  ],
  custom_boxes: [],
  subtotal: 320,
  discount_rate: 0.15,
  discount: 48,
  credit_applied: 12.34,
  total: 259.66,
  payment: { card_key: 'card-1', brand: 'visa', last4: '1111' },
  removed_products: [],
  first_order: true,
};
const lineDoc = {
  key: '7-20261120',
  inventory_key: 7,
  variety_key: 'v',
  variety_name: 'Freedom',
  color_code: '#b11226',
  grower_key: 'g',
  grower_name: 'Andina',
  country_iso: 'EC',
  length: 60,
  eta_date: 20261120,
  boxes: 2,
  uom: 'stem',
  stems_per_bunch: 25,
  bunches_in_box: 4,
  price_at_add: 1.45,
  stem_price: 4.02,
  open_market: false,
  reserved_until: null,
  added_at: 1,
  updated_at: 2,
};
const boxDoc = {
  key: 'cb-123456',
  grower_key: 'g',
  grower_name: 'Andina',
  country_iso: 'EC',
  eta_date: 20261120,
  items: [
    {
      inventory_key: 7,
      variety_key: 'v',
      variety_name: 'Freedom',
      color_code: '#b11226',
      length: 60,
      uom: 'stem',
      stems_per_bunch: 25,
      bunches: 2,
      percent_per_bunch: 12.5,
      stem_price: 0.35,
    },
  ],
  fill_percent: 25,
  closed: false,
  number_boxes: 1,
  campaign_recipient: null,
  added_at: 1,
  updated_at: 2,
};
const claimDoc = {
  key: 'claim-0001',
  number: 'CL-000001',
  order_key: 'o-1',
  po: 'PO-20261118-00001',
  status: 'credited',
  reason: 'Broken stems',
  comment: '',
  items: [
    {
      line_no: 1,
      arrival_date: 20261120,
      arrived_at: 3,
      grower: 'Andina',
      uom: 'stem',
      units_delivered: 200,
      units_to_be_claimed: 7,
      product_group: 'Roses',
      variety_grade: 'Freedom',
      length: 60,
      unit_price: 1.6,
      total_claim: 11.2,
      process: 'SUCCESS',
      error: null,
    },
  ],
  files: [],
  folder_key: 'f-1',
  total_claim: 11.2,
  created_at: 3,
  submitted_at: 3,
  reviewed_at: 4,
  decided_at: 5,
  credit_amount: 10.05,
  decline_reason: null,
};
const listDoc = {
  key: 'sl-000001',
  name: 'Weekly',
  items: [],
  last_prices: { a: 1.6, b: 0.35 },
  last_run: null,
  created_at: 1,
  updated_at: 2,
};

/** Rows as the schema before the money migration stored them: dollars in REALs and documents. */
async function fillDollars(db: SqlExecutor): Promise<void> {
  await db.run("INSERT INTO categories (key, name) VALUES ('c1', 'Roses')");
  await db.run("INSERT INTO product_groups (key, name, category_key) VALUES ('g1', 'Rose', 'c1')");
  await db.run("INSERT INTO colors (key, name, color_code) VALUES ('red', 'Red', '#ff0000')");
  await db.run(
    "INSERT INTO growers (key, grower_name, country_iso, country_name) VALUES ('g', 'Andina', 'EC', 'Ecuador')",
  );
  await db.run(
    "INSERT INTO varieties (key, name, product_group_key, color_key, search_name, rank) VALUES ('v', 'Freedom', 'g1', 'red', 'freedom', 1)",
  );
  const offer = `INSERT INTO offers (inventory_key, variety_key, grower_key, eta_from, eta_to, length,
    stems_per_bunch, bunches_in_box, uom, packing_date, open_market, available, grower_price,
    import_duties_tax, freight_cost, box_charge, margin_discount)
    VALUES (?, 'v', 'g', 20261119, 20261127, 60, 25, 4, 'stem', 20261117, 0, 300, ?, 0.068, ?, ?, 0.3)`;
  // 0.95, 18, 4: a seeded row; 4.015 and 0.3335 fall just under a half when multiplied.
  await db.run(offer, [7, 0.95, 18, 4]);
  await db.run(offer, [8, 4.015, 18.5, 4.25]);
  await db.run(offer, [9, 0.3335, 0.1 + 0.2, 0]);
  await db.run(
    `INSERT INTO orders (customer_key, key, doc, seq, number, status, purchase_date, total, created_at)
     VALUES ('c-1', 'o-1', ?, 1, 'PO-20261118-00001', 'placed', 20261118, 259.66, 1)`,
    [JSON.stringify(orderDoc)],
  );
  await db.run(
    `INSERT INTO order_lines (customer_key, order_key, line_no, inventory_key, variety_key, grower_key,
       eta_date, boxes, units, stem_price, total, status)
     VALUES ('c-1', 'o-1', 1, 7, 'v', 'g', 20261120, 2, 200, 1.6, 320, 'placed'),
            ('c-1', 'o-1', 2, 8, 'v', 'g', 20261120, 1, 100, 4.02, ?, 'placed')`,
    [0.1 + 0.2],
  );
  await db.run(
    `INSERT INTO order_box_items (customer_key, order_key, box_key, inventory_key, eta_date, bunches,
       units, stem_price, status)
     VALUES ('c-1', 'o-1', 'cb-1', 9, 20261120, 2, 50, 0.35, 'placed')`,
  );
  const doc = (table: string, key: string, value: object, deleted = 0) =>
    db.run(
      `INSERT INTO ${table} (customer_key, key, doc, seq, deleted) VALUES ('c-1', ?, ?, 2, ?)`,
      [key, JSON.stringify(value), deleted],
    );
  await db.run(
    `INSERT INTO cart_lines (customer_key, key, doc, seq, inventory_key, boxes)
     VALUES ('c-1', ?, ?, 2, 7, 2)`,
    [lineDoc.key, JSON.stringify(lineDoc)],
  );
  await doc('custom_boxes', boxDoc.key, boxDoc);
  await doc('custom_boxes', 'cb-gone', { key: 'cb-gone' }, 1);
  await db.run(
    `INSERT INTO claims (customer_key, key, doc, seq, order_key, status)
     VALUES ('c-1', ?, ?, 2, 'o-1', 'credited')`,
    [claimDoc.key, JSON.stringify(claimDoc)],
  );
  await doc('shopping_lists', listDoc.key, listDoc);
}

/** What the migration made of the rows `fillDollars` wrote. */
async function readBack(db: SqlExecutor) {
  const docOf = async (table: string, key: string) =>
    JSON.parse(
      (await db.one<{ doc: string }>(`SELECT doc FROM ${table} WHERE key = ?`, [key]))?.doc ?? '',
    ) as unknown;
  return {
    offers: await db.all(
      'SELECT inventory_key, grower_price_mills, freight_cost_mills, box_charge_mills, import_duties_tax, margin_discount FROM offers ORDER BY inventory_key',
    ),
    orders: await db.all('SELECT key, total_cents FROM orders'),
    lines: await db.all(
      'SELECT line_no, stem_price_cents, total_cents FROM order_lines ORDER BY line_no',
    ),
    boxItems: await db.all('SELECT stem_price_cents FROM order_box_items'),
    order: await docOf('orders', 'o-1'),
    line: await docOf('cart_lines', lineDoc.key),
    box: await docOf('custom_boxes', boxDoc.key),
    gone: await docOf('custom_boxes', 'cb-gone'),
    claim: await docOf('claims', claimDoc.key),
    list: await docOf('shopping_lists', listDoc.key),
  };
}

function expectInCents(after: Awaited<ReturnType<typeof readBack>>): void {
  // Numbers, not numeric strings: both engines hand integers back as numbers.
  expect(after.offers).toEqual([
    {
      inventory_key: 7,
      grower_price_mills: 950,
      freight_cost_mills: 18_000,
      box_charge_mills: 4_000,
      import_duties_tax: 0.068,
      margin_discount: 0.3,
    },
    {
      inventory_key: 8,
      grower_price_mills: 4_015,
      freight_cost_mills: 18_500,
      box_charge_mills: 4_250,
      import_duties_tax: 0.068,
      margin_discount: 0.3,
    },
    {
      inventory_key: 9,
      grower_price_mills: 334,
      freight_cost_mills: 300,
      box_charge_mills: 0,
      import_duties_tax: 0.068,
      margin_discount: 0.3,
    },
  ]);
  expect(after.orders).toEqual([{ key: 'o-1', total_cents: 25_966 }]);
  expect(after.lines).toEqual([
    { line_no: 1, stem_price_cents: 160, total_cents: 32_000 },
    { line_no: 2, stem_price_cents: 402, total_cents: 30 },
  ]);
  expect(after.boxItems).toEqual([{ stem_price_cents: 35 }]);

  const order = orderSchema.parse(after.order);
  expect(order).toMatchObject({
    subtotal_cents: 32_000,
    discount_cents: 4_800,
    credit_applied_cents: 1_234,
    total_cents: 25_966,
    lines: [{ stem_price_cents: 160, cart_price_cents: 145, total_cents: 32_000 }],
  });
  // The spec's answers of the migrated documents (served as stored) are what they were, byte
  // for byte.
  expect(JSON.stringify(inDollars(after.order, ORDER_MONEY))).toBe(JSON.stringify(orderDoc));
  const line = cartLineSchema.parse(after.line);
  expect(line).toMatchObject({ price_at_add_cents: 145, stem_price_cents: 402 });
  expect(JSON.stringify(inDollars(after.line, CART_LINE_MONEY))).toBe(JSON.stringify(lineDoc));
  expect(customBoxSchema.parse(after.box).items[0]?.stem_price_cents).toBe(35);
  expect(after.gone).toEqual({ key: 'cb-gone' });
  const claim = claimSchema.parse(after.claim);
  expect(claim).toMatchObject({
    total_claim_cents: 1_120,
    credit_amount_cents: 1_005,
    items: [{ unit_price_cents: 160, total_claim_cents: 1_120 }],
  });
  expect(JSON.stringify(inDollars(after.claim, CLAIM_MONEY))).toBe(JSON.stringify(claimDoc));
  const list = shoppingListSchema.parse(after.list);
  expect(list.last_prices_cents).toEqual({ a: 160, b: 35 });
  expect(JSON.stringify(inDollars(after.list, SHOPPING_LIST_MONEY))).toBe(JSON.stringify(listDoc));
}

describe('the money migration (issue 22)', () => {
  it('is in the list', () => {
    expect(MONEY).toBeGreaterThan(0);
  });

  it('SQLite: turns dollar columns and documents into whole cents and mills, half up', async () => {
    const db = new Database(':memory:');
    const engine = sqliteEngine(db);
    try {
      migrate(db, MONEY);
      await fillDollars(engine);
      migrate(db);
      expectInCents(await readBack(engine));
      // The dollar columns are gone: nothing can read a REAL price by mistake.
      expect(() => db.prepare('SELECT grower_price FROM offers').all()).toThrow(/no such column/);
      expect(() => db.prepare('SELECT total FROM orders').all()).toThrow(/no such column/);
    } finally {
      await engine.close();
    }
  });

  describe('PostgreSQL', () => {
    let cluster: PostgresCluster | null = null;
    beforeAll(async () => {
      cluster = await startPostgresCluster();
    }, 60_000);
    afterAll(() => {
      cluster?.stop();
    });

    it('turns the same rows into the same cents and mills', async () => {
      if (!cluster) throw new Error('no cluster');
      const engine: SqlEngine = postgresEngine(cluster.createDatabase('money_migration'));
      try {
        await migratePostgres(engine, MONEY);
        await fillDollars(engine);
        await migratePostgres(engine);
        expectInCents(await readBack(engine));
        await expect(engine.all('SELECT grower_price FROM offers')).rejects.toThrow();
      } finally {
        await engine.close();
      }
    }, 60_000);
  });
});
