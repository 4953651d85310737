import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import {
  boxesOffered,
  catalogSnapshotSchema,
  loginAnswerSchema,
  marketToday,
  nextWeekdays,
  pushAnswerSchema,
  toEtaDate,
  MAX_PUSH_BATCH,
  unitsPerBox,
  type MutationResult,
  type Offer,
} from '@stemline/shared';
import { createServerSecretRepository } from '../auth/server-secret-repository';
import { resolveJwtSecret, signToken } from '../auth/tokens';
import { postgresEngine } from '../db/postgres-engine';
import type { SqlEngine } from '../db/sql-engine';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { solveCaptcha } from '../test-support/captcha';
import { openEventStream } from '../test-support/event-stream';
import {
  postgresBinDir,
  startPostgresCluster,
  type PostgresCluster,
} from '../test-support/postgres-cluster';
import { freePort, startServerProcess, type ServerProcess } from '../test-support/server-process';
import { addArgs, makeTempDir, removeDir } from '../test-support/test-server';

/**
 * Issue 23's two-node tests: one real PostgreSQL, two real server processes (`DATABASE_URL`)
 * with data folders of their own, as two machines behind a load balancer would run.
 *
 * Skipped, saying why, only while this build refuses to start on `DATABASE_URL` (detected from
 * the server's own refusal, not assumed), or when PostgreSQL is not installed.
 */
const REFUSALS = [/serves from SQLite only/, /still run on the SQLite handle/];

let cluster: PostgresCluster | undefined;
let engine: SqlEngine | undefined;
let skipReason: string | undefined;
const nodes: ServerProcess[] = [];
const dirs: string[] = [];
let secret = '';
let day = 0;

async function startNode(): Promise<ServerProcess> {
  const dir = makeTempDir('stemline-node-');
  dirs.push(dir);
  const node = await startServerProcess({
    dataDir: dir,
    port: await freePort(),
    env: { DATABASE_URL: cluster?.url ?? '' },
    timeoutMs: 60_000,
  });
  nodes.push(node);
  return node;
}

beforeAll(async () => {
  if (!postgresBinDir()) {
    skipReason = 'PostgreSQL is not installed (apt-get install -y postgresql)';
    return;
  }
  cluster = await startPostgresCluster();
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    await startNode();
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (!REFUSALS.some((refusal) => refusal.test(text))) throw error;
    skipReason = `this build refuses DATABASE_URL at start-up: ${
      text
        .split('\n')
        .find((line) => REFUSALS.some((r) => r.test(line)))
        ?.trim() ?? text
    }`;
    return;
  }
  await startNode();
  engine = postgresEngine(cluster.url, { max: 4 });
  // The secret both nodes sign with lives in the database, not in either data folder.
  secret = await resolveJwtSecret(createServerSecretRepository(engine), dirs[0] ?? '', undefined);
  [day = 0] = nextWeekdays(marketToday(Date.now()), 1).map(toEtaDate);
}, 180_000);

afterAll(async () => {
  for (const node of nodes) await node.kill();
  await engine?.close();
  cluster?.stop();
  for (const dir of dirs) removeDir(dir);
});

function ready(ctx: TestContext): { a: ServerProcess; b: ServerProcess; db: SqlEngine } {
  if (skipReason !== undefined) ctx.skip(skipReason);
  const [a, b] = nodes;
  if (!a || !b || !engine) throw new Error('the nodes did not start');
  return { a, b, db: engine };
}

/** Customers of the test, each with one florist user, and a session token for it. */
async function createBuyers(db: SqlEngine, count: number): Promise<string[][]> {
  const prefix = randomUUID().slice(0, 8);
  const buyers: string[][] = [];
  for (let index = 0; index < count; index += 1) {
    const customer = `c-${prefix}-${index}`;
    const user = `u-${prefix}-${index}`;
    await db.run('INSERT INTO customers (key, name, created_at) VALUES (?, ?, 0)', [
      customer,
      customer,
    ]);
    await db.run(
      `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, created_at)
       VALUES (?, ?, 'no-password', 'Two', 'Nodes', 'florist', ?, 0)`,
      [user, `${user}@nodes.test`, customer],
    );
    buyers.push([customer, signToken(secret, { sub: user, customer, role: 'florist' })]);
  }
  return buyers;
}

async function offersOfDay(db: SqlEngine): Promise<Offer[]> {
  return db.all<Offer>(
    `SELECT inventory_key, variety_key, grower_key, length, uom, stems_per_bunch, bunches_in_box,
            available, eta_from, eta_to, open_market
     FROM offers WHERE open_market = 0 AND eta_from <= ? AND eta_to >= ? ORDER BY inventory_key`,
    [day, day],
  );
}

const available = async (db: SqlEngine, key: number): Promise<number> =>
  (
    await db.one<{ available: number }>('SELECT available FROM offers WHERE inventory_key = ?', [
      key,
    ])
  )?.available ?? -1;

/** Boxes in live cart lines of an offer, per customer. */
async function boxesInCarts(db: SqlEngine, key: number): Promise<Map<string, number>> {
  const rows = await db.all<{ customer_key: string; boxes: number }>(
    `SELECT customer_key, CAST(SUM(boxes) AS BIGINT) AS boxes FROM cart_lines
     WHERE inventory_key = ? AND deleted = 0 GROUP BY customer_key`,
    [key],
  );
  return new Map(rows.map((row) => [row.customer_key, row.boxes]));
}

function addMutation(offer: Offer, clientId: string) {
  return {
    id: `m-${randomUUID()}`,
    clientId,
    name: 'add_to_cart',
    args: addArgs(offer, day, 1),
    createdAt: Date.now(),
  };
}

async function push(
  node: ServerProcess,
  token: string,
  body: { clientId: string; mutations: unknown[] },
): Promise<{ status: number; results: MutationResult[] }> {
  const response = await fetch(`${node.url}/api/sync/push`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, results: [] };
  return { status: 200, results: pushAnswerSchema.parse(JSON.parse(text)).results };
}

describe('two server nodes on one PostgreSQL', () => {
  it('accepts on one node the session a login on the other node issued', async (ctx) => {
    const { a, b } = ready(ctx);
    // The captcha comes from node B, the login is answered by node A: both keys are shared.
    const query = new URLSearchParams({
      email: 'florist@stemline.test',
      password: DEMO_PASSWORD,
      reCaptchaToken: await solveCaptcha(b.url),
    });
    const login = await fetch(`${a.url}/api/security/login?${query.toString()}`);
    expect(login.status).toBe(200);
    const { token } = loginAnswerSchema.parse(await login.json());
    expect(token).toEqual(expect.any(String));
    const pull = await fetch(`${b.url}/api/sync/pull/cart_lines?since=0`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    expect(pull.status).toBe(200);
    const stranger = await fetch(`${b.url}/api/sync/pull/cart_lines?since=0`, {
      headers: {
        Authorization: `Bearer ${signToken('x'.repeat(48), { sub: 'u', customer: 'c', role: 'florist' })}`,
      },
    });
    expect(stranger.status).toBe(401);
  }, 30_000);

  it('never sells more than the stock when 20 clients on both nodes race for the last boxes', async (ctx) => {
    const { a, b, db } = ready(ctx);
    const scarce = (await offersOfDay(db))
      .filter((offer) => boxesOffered(offer) >= 2 && boxesOffered(offer) <= 4)
      .slice(0, 3);
    expect(scarce).toHaveLength(3);
    const before = new Map(scarce.map((offer) => [offer.inventory_key, offer.available]));
    // Ten customers with two devices each: one pushes through node A, one calls REST on node B.
    const buyers = await createBuyers(db, 10);
    const applied = new Map<string, number>();
    const count = (customer: string, key: number) =>
      applied.set(`${customer} ${key}`, (applied.get(`${customer} ${key}`) ?? 0) + 1);
    const wanted = [...scarce, ...scarce];

    const viaPush = async ([customer = '', token = '']: string[]) => {
      const mutations = wanted.map((offer) => addMutation(offer, `push-${customer}`));
      const answer = await push(a, token, { clientId: `push-${customer}`, mutations });
      expect(answer.status).toBe(200);
      answer.results.forEach((result, index) => {
        if (result.status === 'applied') count(customer, wanted[index]?.inventory_key ?? 0);
      });
    };
    const viaRest = async ([customer = '', token = '']: string[]) => {
      for (const offer of wanted) {
        const response = await fetch(`${b.url}/api/cart_box/add_to_cart`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(addArgs(offer, day, 1)),
        });
        const body = (await response.json()) as { success: boolean };
        expect([200, 409]).toContain(response.status);
        if (response.status === 200 && body.success) count(customer, offer.inventory_key);
      }
    };
    await Promise.all(buyers.flatMap((buyer) => [viaPush(buyer), viaRest(buyer)]));

    for (const offer of scarce) {
      const left = await available(db, offer.inventory_key);
      const carts = await boxesInCarts(db, offer.inventory_key);
      const sold = [...carts.values()].reduce((sum, boxes) => sum + boxes, 0);
      expect(left).toBeGreaterThanOrEqual(0);
      // Every unit is either still offered or in exactly one cart: none sold twice, none lost.
      expect(left + sold * unitsPerBox(offer)).toBe(before.get(offer.inventory_key));
      expect(sold).toBeLessThanOrEqual(boxesOffered(offer));
      // 120 boxes wanted, at most 12 offered: every box that could be sold was.
      expect(left).toBeLessThan(unitsPerBox(offer));
      // Each customer's cart holds what its two devices were told they got.
      for (const [customer] of buyers)
        expect(carts.get(customer ?? '') ?? 0).toBe(
          applied.get(`${customer} ${offer.inventory_key}`) ?? 0,
        );
    }
    // Both nodes serve the same stock once the race is over.
    const stockSeenBy = async (node: ServerProcess) => {
      const response = await fetch(`${node.url}/api/catalog/${day}`, {
        headers: { Authorization: `Bearer ${buyers[0]?.[1] ?? ''}` },
      });
      const catalog = catalogSnapshotSchema.parse(await response.json());
      return scarce.map(
        (offer) =>
          catalog.offers.find((row) => row.inventory_key === offer.inventory_key)?.available,
      );
    };
    expect(await stockSeenBy(a)).toEqual(await stockSeenBy(b));
  }, 120_000);

  it('answers a replayed batch on the other node from its record, and changes nothing', async (ctx) => {
    const { a, b, db } = ready(ctx);
    const plenty = (await offersOfDay(db))
      .filter((offer) => Math.floor(offer.available / unitsPerBox(offer)) >= 40)
      .slice(0, 4);
    expect(plenty).toHaveLength(4);
    const [[customer = '', token = ''] = []] = await createBuyers(db, 1);
    const snapshot = async () => ({
      stock: await Promise.all(plenty.map((offer) => available(db, offer.inventory_key))),
      carts: await Promise.all(plenty.map((offer) => boxesInCarts(db, offer.inventory_key))),
      log: await db.one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM mutations WHERE customer_key = ?',
        [customer],
      ),
    });

    const batch = {
      clientId: 'replay-device',
      mutations: plenty.flatMap((offer) =>
        [0, 1, 2].map(() => addMutation(offer, 'replay-device')),
      ),
    };
    const first = await push(a, token, batch);
    expect(first.status).toBe(200);
    expect(first.results.every((result) => result.status === 'applied')).toBe(true);
    const after = await snapshot();
    const replay = await push(b, token, batch);
    expect(replay).toEqual(first);
    expect(await snapshot()).toEqual(after);

    // The same batch to both nodes at the same moment: one applies it, both answer its results.
    for (let round = 0; round < 3; round += 1) {
      const stockBefore = await snapshot();
      const racing = {
        clientId: 'replay-device',
        mutations: plenty.flatMap((offer) =>
          Array.from({ length: 8 }, () => addMutation(offer, 'replay-device')),
        ),
      };
      const [onA, onB] = await Promise.all([push(a, token, racing), push(b, token, racing)]);
      expect(onA.status).toBe(200);
      expect(onB).toEqual(onA);
      const now = await snapshot();
      plenty.forEach((offer, index) => {
        expect(now.stock[index]).toBe((stockBefore.stock[index] ?? 0) - 8 * unitsPerBox(offer));
      });
      expect(now.log?.n).toBe((stockBefore.log?.n ?? 0) + racing.mutations.length);
    }
  }, 120_000);

  it('pokes a stream held by node A within a second of a change made through node B', async (ctx) => {
    const { a, b, db } = ready(ctx);
    const [[, token = ''] = []] = await createBuyers(db, 1);
    const [offer] = (await offersOfDay(db)).filter((row) => boxesOffered(row) >= 10);
    if (!offer) throw new Error('no offer with stock');
    const stream = await openEventStream(
      `${a.url}/api/sync/stream?access_token=${encodeURIComponent(token)}`,
    );
    try {
      expect(stream.status).toBe(200);
      expect((await stream.next())?.event).toBe('hello');
      const answer = await push(b, token, {
        clientId: 'stream-device',
        mutations: [addMutation(offer, 'stream-device')],
      });
      expect(answer.results[0]?.status).toBe('applied');
      const poke = await stream.next(1_000);
      expect(poke).toEqual({ event: 'poke', data: { collections: ['cart_lines'] } });
    } finally {
      await stream.close();
    }
  }, 30_000);

  // Last: node A stays dead.
  it('loses nothing and applies nothing twice when node A is killed mid-batch', async (ctx) => {
    const { a, b, db } = ready(ctx);
    const plenty = (await offersOfDay(db))
      .filter((offer) => Math.floor(offer.available / unitsPerBox(offer)) >= 40)
      .slice(4, 10);
    expect(plenty).toHaveLength(6);
    const [[customer = '', token = ''] = [], [, other = ''] = []] = await createBuyers(db, 2);
    const stockBefore = await Promise.all(
      plenty.map((offer) => available(db, offer.inventory_key)),
    );
    const batch = {
      clientId: 'kill-device',
      mutations: Array.from({ length: MAX_PUSH_BATCH }, (_, index) =>
        addMutation(plenty[index % plenty.length] as Offer, 'kill-device'),
      ),
    };
    const inFlight = push(a, token, batch).catch(() => ({ status: 0, results: [] }));
    // Node A is inside the batch's transaction once it holds the customer's row of work.
    const deadline = Date.now() + 10_000;
    const busy = async () =>
      ((
        await db.one<{ n: number }>(
          `SELECT COUNT(*) AS n FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
             AND state <> 'idle' AND query NOT ILIKE '%LISTEN%'`,
        )
      )?.n ?? 0) > 0;
    while (!(await busy()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    await a.kill();
    const lost = await inFlight;
    expect(lost.status).not.toBe(200);

    const ids = batch.mutations.map((mutation) => mutation.id);
    const recorded = await db.one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM mutations WHERE customer_key = ?`,
      [customer],
    );
    // The batch is one transaction: all of it or none of it survived the kill.
    expect([0, ids.length]).toContain(recorded?.n);

    // The device goes on through node B with the same batch.
    const replay = await push(b, token, batch);
    expect(replay.status).toBe(200);
    expect(replay.results.map((result) => result.id)).toEqual(ids);
    expect(replay.results.every((result) => result.status === 'applied')).toBe(true);
    for (const [index, offer] of plenty.entries()) {
      const adds = batch.mutations.filter(
        (mutation) => mutation.args.inventory_key === offer.inventory_key,
      ).length;
      expect((await boxesInCarts(db, offer.inventory_key)).get(customer)).toBe(adds);
      expect(await available(db, offer.inventory_key)).toBe(
        (stockBefore[index] ?? 0) - adds * unitsPerBox(offer),
      );
    }
    // And so does everybody else.
    const next = await push(b, other, {
      clientId: 'other-device',
      mutations: [addMutation(plenty[0] as Offer, 'other-device')],
    });
    expect(next.results[0]?.status).toBe('applied');
  }, 120_000);
});
