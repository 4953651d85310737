/**
 * Standing-order benchmark (`npm run bench:standing`). Seeds the FULL catalogue on a fresh data
 * folder, signs up 250 customers (a main address and a saved card each) with 20 standing orders
 * each, all delivering on the same Tuesday, then moves the server clock to that week's cut-off
 * and times one run of the scheduler, the function the server's timer calls:
 *  - standingRunMs: the run that decides all 5,000 weeks (each in its own transaction);
 *  - standingOrdersMade: orders it made (every standing order has a staple line with stock, so
 *    all 5,000 should be made);
 *  - oversoldUnits: units ordered beyond a row's stock at the start, plus any stock below 0,
 *    read from the database (must be 0); unaccountedUnits: rows whose stock fell by other than
 *    the units ordered from them (must be 0);
 *  - idleRunMs: the next run, with nothing due (what the per-minute timer costs on 5,000
 *    standing orders); dateRowsReadMs: reading the date's price rows, which a run does once;
 *    perWeekMs: (standingRunMs - idleRunMs - dateRowsReadMs) / weeks, the transaction of a week.
 * Each standing order has a staple (1 or 2 boxes of a row with plenty of stock) and two lines of
 * 60 popular varieties that sell out, half of them from a named farm, so most runs take the
 * short-line and sold-out paths and leave notices.
 * Prints a table and writes bench-results/standing.json.
 *
 * Environment: BENCH_STANDING_ORDERS (default 5000), BENCH_CATALOG_SCALE (default full; demo
 * for a quick smoke run).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  cutoffDateOf,
  MARKET_TIME_ZONE,
  MAX_STANDING_ORDERS,
  marketToday,
  mondayOf,
  parseEtaDate,
  toEtaDate,
  unitsPerBox,
  type CreateStandingOrderArgs,
  type Offer,
} from '@stemline/shared';
import { createServer } from '../../sync-server/src/app';
import { loadConfig } from '../../sync-server/src/config';
import type { AppContext } from '../../sync-server/src/app-context';
import type { Db } from '../../sync-server/src/db/database';
import { createStandingOrders } from '../../sync-server/src/standing-orders/standing-orders';
import { createTestBuyers } from '../../sync-server/src/test-support/test-buyers';
import { sqliteHandleOf } from '../../sync-server/src/test-support/sqlite-handle';

const STANDING_ORDERS = Number(process.env.BENCH_STANDING_ORDERS ?? 5000);
const CATALOG_SCALE = process.env.BENCH_CATALOG_SCALE ?? 'full';
const POPULAR_VARIETIES = 60;
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

interface Combo {
  variety_key: string;
  length: number;
  grower_key: string;
  boxes: number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stemline-bench-standing-'));
  let nowMs = Date.now();
  const server = await createServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      CATALOG_SCALE,
      PWA_DIST: path.join(dataDir, 'no-dist'),
    }),
    { now: () => nowMs },
  );
  try {
    const app = server.context;
    const db = sqliteHandleOf(app);
    const standing = createStandingOrders(app);
    const disabled = await standing.disabledWeeks();
    let week = addDays(mondayOf(toEtaDate(marketToday(nowMs))), 14);
    while (disabled.has(week)) week = addDays(week, 7);
    const delivery = addDays(week, 1);
    const rows = await app.repos.catalog.offersForDate(delivery);
    const { staples, popular } = pickCombos(rows);

    const customers = Math.ceil(STANDING_ORDERS / MAX_STANDING_ORDERS);
    const buyers = createTestBuyers(db, app.jwtSecret, customers, 'standing');
    await prepareBuyers(app, buyers, nowMs);
    const random = mulberry32(25);
    const create = app.transactional(
      async (customerKey: string, args: CreateStandingOrderArgs[]) => {
        for (const one of args) {
          const outcome = await standing.create(customerKey, one);
          if (outcome.status === 'rejected') throw new Error(`${one.key}: ${outcome.message}`);
        }
      },
    );
    let made = 0;
    let stapleIndex = 0;
    for (const buyer of buyers) {
      const args: CreateStandingOrderArgs[] = [];
      for (let n = 0; n < MAX_STANDING_ORDERS && made < STANDING_ORDERS; n += 1, made += 1) {
        const quantity = 1 + Math.floor(random() * 2);
        // Each staple has room for its boxes: every standing order can be made.
        for (
          let tries = 0;
          (staples[stapleIndex % staples.length]?.boxes ?? 0) < quantity;
          tries += 1
        ) {
          if (tries > staples.length) throw new Error('the catalogue has too little stock');
          stapleIndex += 1;
        }
        const staple = staples[stapleIndex % staples.length] as Combo;
        staple.boxes -= quantity;
        stapleIndex += 1;
        const items = [{ combo: staple, quantity, named: false }];
        for (let j = 0; j < 2; j += 1)
          items.push({
            combo: popular[Math.floor(random() * popular.length)] as Combo,
            quantity: 1 + Math.floor(random() * 4),
            named: random() < 0.5,
          });
        args.push({
          key: `so-bench-${made}`,
          name: `Bench ${made}`,
          items: items.map(({ combo, quantity: boxes, named }, j) => ({
            key: `it-bench-${made}-${j}`,
            variety_key: combo.variety_key,
            variety_name: '',
            length: combo.length,
            quantity: boxes,
            grower_key: named ? combo.grower_key : null,
          })),
          every_weeks: 1,
          term_weeks: 12,
          start_week: week,
          delivery_weekday: 2,
          address: null,
        });
      }
      await create(buyer.customerKey, args);
    }

    const before = stockOf(db);
    const cutoff = parseEtaDate(cutoffDateOf({ delivery_weekday: 2 }, week));
    if (!cutoff) throw new Error('no cut-off date');
    nowMs = cutoff.toZonedDateTime({
      timeZone: MARKET_TIME_ZONE,
      plainTime: '12:00',
    }).epochMilliseconds;

    const runStart = performance.now();
    const report = await server.runStandingOrders();
    const standingRunMs = performance.now() - runStart;
    const idleStart = performance.now();
    const idle = await server.runStandingOrders();
    const idleRunMs = performance.now() - idleStart;
    const readStart = performance.now();
    await app.repos.catalog.offersForDate(delivery);
    const dateRowsReadMs = performance.now() - readStart;

    const after = stockOf(db);
    const ordered = orderedUnits(db);
    let oversoldUnits = 0;
    let unaccountedUnits = 0;
    for (const [key, start] of before) {
      const units = ordered.get(key) ?? 0;
      const end = after.get(key) ?? 0;
      oversoldUnits += Math.max(0, units - start) + Math.max(0, -end);
      unaccountedUnits += Math.abs(start - end - units);
    }
    const weeks = Object.values(report.decided).reduce((sum, n) => sum + n, 0);
    const results = {
      catalogScale: CATALOG_SCALE,
      standingOrders: made,
      customers,
      deliveryDate: delivery,
      rowsOnDate: rows.length,
      standingRunMs: Math.round(standingRunMs),
      standingOrdersMade: report.ordersMade,
      oversoldUnits,
      unaccountedUnits,
      idleRunMs: Math.round(idleRunMs),
      dateRowsReadMs: Math.round(dateRowsReadMs),
      perWeekMs: round2((standingRunMs - idleRunMs - dateRowsReadMs) / Math.max(1, weeks)),
      outcomes: report.decided,
      failed: report.failed,
      idleRunDecided: idle.ordersMade + idle.failed,
      boxesOrdered: boxesOrdered(db),
      notices: count(db, 'SELECT COUNT(*) AS n FROM notices WHERE doc LIKE \'%"standing_order"%\''),
    };
    console.table({ ...results, outcomes: JSON.stringify(results.outcomes) });
    const targets = {
      standingRunMs: results.standingRunMs <= 60_000,
      standingOrdersMade: results.standingOrdersMade === made,
      oversoldUnits: oversoldUnits === 0 && unaccountedUnits === 0,
    };
    console.table(
      Object.fromEntries(Object.entries(targets).map(([k, ok]) => [k, ok ? 'met' : 'MISSED'])),
    );
    mkdirSync(path.join(repoRoot, 'bench-results'), { recursive: true });
    writeFileSync(
      path.join(repoRoot, 'bench-results', 'standing.json'),
      `${JSON.stringify(results, null, 2)}\n`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The date's (variety, length) pairs with their boxes in stock: the 60 popular ones are taken
 * from the middle of the list (enough stock to be worth asking for, too little for 5,000
 * buyers), the staples are every other pair with at least 3 boxes.
 */
function pickCombos(rows: readonly Offer[]): { staples: Combo[]; popular: Combo[] } {
  const combos = new Map<string, Combo>();
  for (const row of rows) {
    const key = `${row.variety_key}|${row.length}`;
    const boxes = Math.floor(row.available / unitsPerBox(row));
    const combo = combos.get(key);
    if (combo) combo.boxes += boxes;
    else
      combos.set(key, {
        variety_key: row.variety_key,
        length: row.length,
        grower_key: row.grower_key,
        boxes,
      });
  }
  const bySize = [...combos.values()].filter((c) => c.boxes >= 3).sort((a, b) => b.boxes - a.boxes);
  const middle = Math.floor(bySize.length / 2);
  const popular = bySize.slice(middle, middle + POPULAR_VARIETIES);
  const staples = [...bySize.slice(0, middle), ...bySize.slice(middle + POPULAR_VARIETIES)];
  return { staples, popular };
}

/** Main addresses and one saved card for every bench customer. */
async function prepareBuyers(
  app: AppContext,
  buyers: readonly { customerKey: string }[],
  nowMs: number,
): Promise<void> {
  const { cards } = app.repos;
  const address = sqliteHandleOf(app).prepare<[string]>(
    `UPDATE customers SET main_street = '1 Bench Street', main_city = 'Newark', main_state = 'NJ',
       main_zipcode = '07102' WHERE key = ?`,
  );
  await app.transactional(async () => {
    for (const { customerKey } of buyers) {
      address.run(customerKey);
      await cards.insert(
        customerKey,
        {
          key: `card-${customerKey}`,
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: marketToday(nowMs).year + 3,
          holder_name: 'Bench Buyer',
          created_at: nowMs,
        },
        `tok-${customerKey}`,
        await app.changes.next(),
      );
    }
  })();
}

function stockOf(db: Db): Map<number, number> {
  const rows = db
    .prepare<[], { inventory_key: number; available: number }>(
      'SELECT inventory_key, available FROM offers',
    )
    .all();
  return new Map(rows.map((row) => [row.inventory_key, row.available]));
}

/** Units ordered from each row by the standing orders' orders. */
function orderedUnits(db: Db): Map<number, number> {
  const rows = db
    .prepare<[], { inventory_key: number; units: number }>(
      `SELECT l.inventory_key, SUM(l.units) AS units FROM order_lines l
       JOIN standing_order_runs r ON r.customer_key = l.customer_key AND r.order_key = l.order_key
       GROUP BY l.inventory_key`,
    )
    .all();
  return new Map(rows.map((row) => [row.inventory_key, row.units]));
}

function boxesOrdered(db: Db): number {
  return count(
    db,
    `SELECT COALESCE(SUM(l.boxes), 0) AS n FROM order_lines l
     JOIN standing_order_runs r ON r.customer_key = l.customer_key AND r.order_key = l.order_key`,
  );
}

function count(db: Db, sql: string): number {
  return db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
}

function addDays(etaDate: number, days: number): number {
  const date = parseEtaDate(etaDate);
  if (!date) throw new Error(`not a date: ${etaDate}`);
  return toEtaDate(date.add({ days }));
}

/** A small seeded generator, so every run asks for the same things. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

await main();
