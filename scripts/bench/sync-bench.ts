/**
 * Sync benchmark (`npm run bench:sync`). Starts the real server on a fresh data folder and
 * measures, in one run:
 *  - pushPerSec: contended add_to_cart mutations applied per second through HTTP push, in
 *    batches from 50 concurrent clients on 100 offers;
 *  - ceilingPerSec: the same server function run directly on better-sqlite3, same durability;
 *  - oversoldUnits: units sold beyond stock (must be 0);
 *  - pullCatchup10kMs: one client pulling 10,000 changed documents over HTTP.
 * Prints a table and writes bench-results/sync.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  nextWeekdays,
  marketToday,
  toEtaDate,
  unitsPerBox,
  type CatalogSnapshot,
  type Offer,
  type PullAnswer,
  type PushAnswer,
} from '@stemline/shared';
import { createServer } from '../../sync-server/src/app';
import { hashPassword } from '../../sync-server/src/auth/passwords';
import { signToken } from '../../sync-server/src/auth/tokens';
import { createAddToCart } from '../../sync-server/src/cart/add-to-cart';
import { loadConfig } from '../../sync-server/src/config';
import type { Db } from '../../sync-server/src/db/database';

const CLIENTS = 50;
const OFFERS = 100;
const BATCHES_PER_CLIENT = 8;
const BATCH_SIZE = 10;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stemline-bench-'));
  const now = Date.now();
  const server = await createServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      CATALOG_SCALE: 'demo',
    }),
  );
  const base = await server.listen();
  const { db, jwtSecret } = server.context;
  try {
    const customers = await createCustomers(db, CLIENTS + 1);
    const tokens = customers.map((key) =>
      signToken(jwtSecret, { sub: `u-${key}`, customer: key, role: 'florist' }),
    );
    const [day] = nextWeekdays(marketToday(now), 2).slice(1);
    if (!day) throw new Error('no date');
    const etaDate = toEtaDate(day);
    const catalog = (await (
      await fetch(`${base}/api/catalog/${etaDate}`, { headers: auth(tokens[0]) })
    ).json()) as CatalogSnapshot;
    const offers = catalog.offers.filter((o) => !o.open_market).slice(0, OFFERS);
    const stockBefore = new Map(offers.map((o) => [o.inventory_key, o.available]));

    // HTTP push: every client sends its batches one after another; clients run concurrently.
    let applied = 0;
    let answered = 0;
    const pushStart = performance.now();
    await Promise.all(
      tokens.slice(0, CLIENTS).map(async (token, client) => {
        for (let batch = 0; batch < BATCHES_PER_CLIENT; batch += 1) {
          const mutations = Array.from({ length: BATCH_SIZE }, (_, i) => {
            const offer = offers[(client * 7 + batch * BATCH_SIZE + i) % offers.length] as Offer;
            return {
              id: `bench-${client}-${batch}-${i}`,
              clientId: `c${client}`,
              name: 'add_to_cart',
              createdAt: now,
              args: addArgs(offer, etaDate, 1 + (i % 3)),
            };
          });
          const answer = (await (
            await fetch(`${base}/api/sync/push`, {
              method: 'POST',
              headers: { ...auth(token), 'Content-Type': 'application/json' },
              body: JSON.stringify({ clientId: `c${client}`, mutations }),
            })
          ).json()) as PushAnswer;
          answered += answer.results.length;
          applied += answer.results.filter((r) => r.status === 'applied').length;
        }
      }),
    );
    const pushSeconds = (performance.now() - pushStart) / 1000;
    const pushPerSec = answered / pushSeconds;

    // Oversell check straight from the database.
    let oversoldUnits = 0;
    for (const offer of offers) {
      const row = db
        .prepare<[number], { available: number }>(
          'SELECT available FROM offers WHERE inventory_key = ?',
        )
        .get(offer.inventory_key);
      const sold = db
        .prepare<[number], { boxes: number }>(
          'SELECT COALESCE(SUM(boxes), 0) AS boxes FROM cart_lines WHERE inventory_key = ? AND deleted = 0',
        )
        .get(offer.inventory_key);
      const soldUnits = (sold?.boxes ?? 0) * unitsPerBox(offer);
      oversoldUnits += Math.max(0, soldUnits - (stockBefore.get(offer.inventory_key) ?? 0));
      if ((row?.available ?? 0) < 0) oversoldUnits += -(row?.available ?? 0);
    }

    // Ceiling: the same rule, each call in its own transaction, no HTTP.
    const addToCart = db.transaction(createAddToCart(server.context));
    const ceilingCount = CLIENTS * BATCHES_PER_CLIENT * BATCH_SIZE;
    db.prepare(
      'UPDATE offers SET available = available + 100000 WHERE inventory_key IN (' +
        offers.map((o) => o.inventory_key).join(',') +
        ')',
    ).run();
    const ceilingStart = performance.now();
    for (let i = 0; i < ceilingCount; i += 1) {
      const offer = offers[i % offers.length] as Offer;
      addToCart(customers[i % CLIENTS] as string, {
        ...addArgs(offer, etaDate, 1),
        eta_date: etaDate,
        quantity: 1,
      });
    }
    const ceilingPerSec = ceilingCount / ((performance.now() - ceilingStart) / 1000);

    // Catch-up: one customer with 10,000 changed cart lines pulls them all from checkpoint 0.
    const catchupCustomer = customers[CLIENTS] as string;
    const insert = db.prepare(
      'INSERT INTO cart_lines (customer_key, key, doc, seq, deleted, inventory_key, boxes, reserved_until) VALUES (?, ?, ?, ?, 0, 1, 1, NULL)',
    );
    db.transaction(() => {
      for (let i = 0; i < 10_000; i += 1) {
        const seq = server.context.changes.nextSeq();
        insert.run(
          catchupCustomer,
          `bench-${i}`,
          JSON.stringify({
            key: `bench-${i}`,
            boxes: 1,
            variety_name: 'Bench rose',
            eta_date: etaDate,
          }),
          seq,
        );
      }
    })();
    const catchupStart = performance.now();
    let checkpoint = 0;
    let pulled = 0;
    for (;;) {
      const page = (await (
        await fetch(`${base}/api/sync/pull/cart_lines?checkpoint=${checkpoint}&limit=1000`, {
          headers: auth(tokens[CLIENTS]),
        })
      ).json()) as PullAnswer;
      pulled += page.documents.length;
      checkpoint = page.checkpoint;
      if (!page.hasMore) break;
    }
    const pullCatchup10kMs = performance.now() - catchupStart;
    if (pulled !== 10_000) throw new Error(`pulled ${pulled} documents, expected 10000`);

    const results = {
      pushPerSec: Math.round(pushPerSec),
      ceilingPerSec: Math.round(ceilingPerSec),
      pushShareOfCeiling: Number((pushPerSec / ceilingPerSec).toFixed(2)),
      appliedMutations: applied,
      answeredMutations: answered,
      oversoldUnits,
      pullCatchup10kMs: Math.round(pullCatchup10kMs),
      note: 'pullCatchup10kMs is HTTP transfer + parse in Node; the browser-side RxDB write and clickToPaintP95Ms are not measured yet',
    };
    console.table(results);
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/sync.json', `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function auth(token: string | undefined): Record<string, string> {
  return { Authorization: `Bearer ${token ?? ''}` };
}

function addArgs(offer: Offer, etaDate: number, quantity: number) {
  return {
    variety: offer.variety_key,
    grower: offer.grower_key,
    length: offer.length,
    eta_date: etaDate,
    quantity,
    inventory_key: offer.inventory_key,
  };
}

async function createCustomers(db: Db, count: number): Promise<string[]> {
  const hash = await hashPassword('bench-password');
  const keys = Array.from({ length: count }, (_, i) => `c-bench-${i}`);
  db.transaction(() => {
    for (const key of keys) {
      db.prepare('INSERT INTO customers (key, name, created_at) VALUES (?, ?, 0)').run(key, key);
      db.prepare(
        "INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, created_at) VALUES (?, ?, ?, 'B', 'B', 'florist', ?, 0)",
      ).run(`u-${key}`, `${key}@bench.test`, hash, key);
    }
  })();
  return keys;
}

await main();
