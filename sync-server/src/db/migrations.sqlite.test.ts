import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartLineKey,
  unitsPerBox,
  validateAnswerSchema,
  type CartGroup,
  type Offer,
} from '@stemline/shared';
import { demoAccounts } from '../seed/demo-accounts';
import {
  accounts,
  addArgs,
  makeTempDir,
  removeDir,
  startTestServer,
} from '../test-support/test-server';
import { openDatabase } from './database';
import { migrate, migrations, migrationSql } from './migrations';

const WEEK_MS = 7 * 24 * 3600_000;

describe('openDatabase', () => {
  let dir = '';
  beforeAll(() => {
    dir = makeTempDir('stemline-db-');
  });
  afterAll(() => {
    removeDir(dir);
  });

  it('creates the schema once in WAL mode with foreign keys on, and keeps data and version when reopened', () => {
    const file = path.join(dir, 'reopen.sqlite');
    const first = openDatabase(file);
    const version = first.pragma('user_version', { simple: true }) as number;
    expect(version).toBeGreaterThanOrEqual(1);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
    first.prepare("INSERT INTO meta (key, value) VALUES ('probe', 'kept')").run();
    first.prepare('UPDATE change_seq SET value = 41').run();
    first.close();

    const second = openDatabase(file);
    try {
      expect(second.pragma('user_version', { simple: true })).toBe(version);
      expect(second.prepare("SELECT value FROM meta WHERE key = 'probe'").pluck().get()).toBe(
        'kept',
      );
      expect(second.prepare('SELECT value FROM change_seq').pluck().all()).toEqual([41]);
      expect(() => migrate(second)).not.toThrow();
      expect(second.pragma('user_version', { simple: true })).toBe(version);
    } finally {
      second.close();
    }
  });

  it('refuses a negative stock figure at the database level', () => {
    const db = openDatabase(path.join(dir, 'check.sqlite'));
    try {
      db.exec(`
        INSERT INTO categories VALUES ('c', 'C');
        INSERT INTO product_groups VALUES ('pg', 'PG', 'c');
        INSERT INTO colors VALUES ('col', 'Red', '#f00');
        INSERT INTO growers (key, grower_name, country_iso, country_name, importer) VALUES ('g', 'G', 'EC', 'Ecuador', 0);
        INSERT INTO varieties (key, name, product_group_key, color_key, search_name, rank) VALUES ('v', 'V', 'pg', 'col', 'v', 1);`);
      const insert = db.prepare(
        `INSERT INTO offers (inventory_key, variety_key, grower_key, eta_from, eta_to, length, stems_per_bunch, bunches_in_box,
           uom, packing_date, open_market, available, grower_price_mills, import_duties_tax, freight_cost_mills,
           box_charge_mills, margin_discount)
         VALUES (?, 'v', 'g', 20261123, 20261127, 60, 25, 4, 'stem', 20261120, 0, ?, 1000, 0, 10000, 2000, 0.3)`,
      );
      insert.run(1, 100);
      expect(() => insert.run(2, -1)).toThrow(/CHECK constraint/);
      expect(() =>
        db.prepare('UPDATE offers SET available = available - 101 WHERE inventory_key = 1').run(),
      ).toThrow(/CHECK/);
      expect(db.prepare('SELECT available FROM offers WHERE inventory_key = 1').pluck().get()).toBe(
        100,
      );
    } finally {
      db.close();
    }
  });
});

describe('the search-synonyms migration', () => {
  let dir = '';
  beforeAll(() => {
    dir = makeTempDir('stemline-synonyms-');
  });
  afterAll(() => {
    removeDir(dir);
  });

  const synonymsMigration = migrations
    .map(migrationSql)
    .find((sql) => sql.includes('earlier_seed'));
  const synonymsAfter = (name: string, rows: readonly [string, string][]) => {
    const db = openDatabase(path.join(dir, `${name}.sqlite`));
    try {
      const insert = db.prepare('INSERT INTO search_text_replacements VALUES (?, ?)');
      for (const [text, replacement] of rows) insert.run(text, replacement);
      if (!synonymsMigration) throw new Error('no synonyms migration');
      db.exec(synonymsMigration);
      return db
        .prepare<[], [string, string]>('SELECT text, replacement FROM search_text_replacements')
        .raw()
        .all()
        .sort(([a], [b]) => a.localeCompare(b));
    } finally {
      db.close();
    }
  };

  it("sends a database seeded with the server's earlier list to the catalogue's word for the Mums", () => {
    expect(
      synonymsAfter('earlier', [
        ['mums', 'chrysanthemum'],
        ['mum', 'chrysanthemum'],
        ['crisantemo', 'chrysanthemum'],
        ['hortensia', 'hydrangea'],
      ]),
    ).toEqual([
      ['baby breath', 'gypsophila'],
      ['chrysanthemum', 'mums'],
      ['chrysanthemums', 'mums'],
      ['crisantemo', 'mums'],
      ['crisantemos', 'mums'],
      ['hortensia', 'hydrangea'],
      ['mum', 'mums'],
      ['mums', 'chrysanthemum'],
    ]);
  });

  it('leaves any other list as it is', () => {
    const own: [string, string][] = [
      ['mum', 'chrysanthemum'],
      ['mums', 'chrysanthemum'],
    ];
    expect(synonymsAfter('own', own)).toEqual(own);
    expect(synonymsAfter('empty', [])).toEqual([]);
  });
});

describe('createServer on an existing data folder', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = makeTempDir('stemline-restart-');
  });
  afterAll(() => {
    removeDir(dataDir);
  });

  it('keeps the catalog, stock, carts, accounts and sessions across a restart, without seeding again', async () => {
    const first = await startTestServer({ dataDir });
    let token: string;
    let offer: Offer | undefined;
    let day1: number;
    let before: {
      offers: unknown;
      users: number;
      customers: number;
      seq: number;
      available: number;
    };
    try {
      token = await first.login(accounts.florist);
      [day1 = 0] = first.deliveryDates(1);
      offer = (await first.catalog(token, day1)).offers.find(
        (o) => !o.open_market && o.available >= 4 * unitsPerBox(o),
      );
      if (!offer) throw new Error('no offer with 4 boxes');
      expect(
        (await first.post('/api/cart_box/add_to_cart', addArgs(offer, day1, 3), token)).status,
      ).toBe(200);
      before = {
        offers: first.db
          .prepare(
            'SELECT count(*) AS rows, min(eta_from) AS first, max(eta_to) AS last FROM offers',
          )
          .get(),
        users: first.db.prepare('SELECT count(*) FROM users').pluck().get() as number,
        customers: first.db.prepare('SELECT count(*) FROM customers').pluck().get() as number,
        seq: first.db.prepare('SELECT value FROM change_seq').pluck().get() as number,
        available: first.db
          .prepare('SELECT available FROM offers WHERE inventory_key = ?')
          .pluck()
          .get(offer.inventory_key) as number,
      };
      expect(before.available).toBe(offer.available - 3 * unitsPerBox(offer));
      expect(before.users).toBe(demoAccounts.length);
      // The database holds the signing secrets: its owner alone reads it.
      expect(statSync(path.join(dataDir, 'stemline.sqlite')).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(dataDir, 'stemline.sqlite-wal')).mode & 0o777).toBe(0o600);
    } finally {
      await first.stop();
    }

    const second = await startTestServer({ dataDir, startAt: first.clock.now + WEEK_MS });
    try {
      const db = second.db;
      expect(
        db
          .prepare(
            'SELECT count(*) AS rows, min(eta_from) AS first, max(eta_to) AS last FROM offers',
          )
          .get(),
      ).toEqual(before.offers);
      expect(db.prepare('SELECT count(*) FROM users').pluck().get()).toBe(before.users);
      expect(db.prepare('SELECT count(*) FROM customers').pluck().get()).toBe(before.customers);
      expect(db.prepare('SELECT value FROM change_seq').pluck().get()).toBe(before.seq);
      expect(
        db
          .prepare('SELECT available FROM offers WHERE inventory_key = ?')
          .pluck()
          .get(offer.inventory_key),
      ).toBe(before.available);

      const validate = await second.get(`/api/security/validate?token=${token}`);
      expect(validateAnswerSchema.parse(validate.body)).toMatchObject({
        success: true,
        user: { key: 'u-florist' },
      });
      const cart = await second.post<{ results: CartGroup[] }>(
        '/api/cs/run',
        { key: 'list_carts' },
        token,
      );
      expect(cart.body.results.flatMap((group) => group.items)).toContainEqual(
        expect.objectContaining({ key: cartLineKey(offer.inventory_key, day1), boxes: 3 }),
      );
      expect(await second.login(accounts.florist)).toEqual(expect.any(String));
    } finally {
      await second.stop();
    }
  }, 30_000);
});
