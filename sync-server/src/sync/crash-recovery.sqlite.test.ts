import { request as httpRequest } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxesOffered,
  marketToday,
  mutationResultSchema,
  nextWeekdays,
  pushAnswerSchema,
  toEtaDate,
  unitsPerBox,
  type MutationResult,
  type Offer,
} from '@stemline/shared';
import { createServerSecretRepository } from '../auth/server-secret-repository';
import { resolveJwtSecret, signToken } from '../auth/tokens';
import { postgresEngine } from '../db/postgres-engine';
import type { SqlEngine } from '../db/sql-engine';
import { sqliteEngine } from '../db/sqlite-engine';
import { demoAccounts } from '../seed/demo-accounts';
import { freePort, startServerProcess, type ServerProcess } from '../test-support/server-process';
import { onPostgres, postgresDatabaseOf } from '../test-support/test-database';
import { addArgs, makeTempDir, removeDir } from '../test-support/test-server';

const BATCH = 100;

/**
 * How a round stops the server while its batch is on the wire or being applied: with half the
 * body sent; as soon as the batch's first idempotency record is in the database (the batch is
 * committed but its answer not yet sent); or a moment after the whole body was sent (while the
 * batch is being applied).
 */
type KillMoment =
  { kind: 'first-bytes' } | { kind: 'after-send'; delayMs: number } | { kind: 'first-commit' };

const ROUNDS: KillMoment[] = [
  { kind: 'first-bytes' },
  { kind: 'first-commit' },
  { kind: 'after-send', delayMs: 1 },
];

interface PushOutcome {
  status: 'answered' | 'lost';
  results?: MutationResult[];
}

/**
 * On the run's engine: the server process runs on the data folder's SQLite file, or (`npm run
 * test:pg`) on its PostgreSQL database, where the kill drops the node's connections mid-batch.
 */
describe('the server killed (SIGKILL) in the middle of a push batch', { timeout: 60_000 }, () => {
  let dataDir = '';
  let port = 0;
  let server: ServerProcess | undefined;
  /** The test's own connection to the server's database (SQLite: open while it runs). */
  let db: SqlEngine | undefined;
  let token = '';
  let day = 0;
  let offers: Offer[] = [];
  const offerOf = new Map<string, Offer>();

  async function start(): Promise<void> {
    server = await startServerProcess({ dataDir, port, timeoutMs: 60_000 });
    if (db) return;
    if (onPostgres) {
      db = postgresEngine(await postgresDatabaseOf(dataDir), { max: 2 });
      return;
    }
    const file = new Database(path.join(dataDir, 'stemline.sqlite'), { fileMustExist: true });
    file.pragma('busy_timeout = 5000');
    db = sqliteEngine(file);
  }

  async function kill(): Promise<void> {
    // The SQLite file is let go before the kill; PostgreSQL outlives the node.
    if (!onPostgres) {
      const closing = db?.close();
      db = undefined;
      await closing;
    }
    await server?.kill();
  }

  function database(): SqlEngine {
    if (!db) throw new Error('no database connection');
    return db;
  }

  beforeAll(async () => {
    dataDir = makeTempDir('stemline-crash-');
    port = await freePort();
    await start();
    // A session of the demo buyer newbuyer@, signed with the secret the server keeps in its
    // database, so it stays valid across restarts (a password login would also need a captcha).
    const newbuyer = demoAccounts.find((account) => account.email === 'newbuyer@stemline.test');
    token = signToken(
      await resolveJwtSecret(createServerSecretRepository(database()), dataDir, undefined),
      {
        sub: newbuyer?.key ?? '',
        customer: newbuyer?.customer?.key ?? null,
        role: 'florist',
      },
    );
    [day = 0] = nextWeekdays(marketToday(Date.now()), 1).map(toEtaDate);
    // Straight from the database: this test is about the push path, not the catalog answer.
    const regular = await database().all<Offer>(
      `SELECT inventory_key, variety_key, grower_key, length, uom, stems_per_bunch,
              bunches_in_box, available
       FROM offers WHERE open_market = 0 AND eta_from <= ? AND eta_to >= ? ORDER BY inventory_key`,
      [day, day],
    );
    // Mostly rows with room for every round's adds, and a few small ones that sell out.
    offers = [
      ...regular.filter((offer) => boxesOffered(offer) >= 25).slice(0, 16),
      ...regular
        .filter((offer) => boxesOffered(offer) >= 2 && boxesOffered(offer) <= 4)
        .slice(0, 4),
    ];
    expect(offers).toHaveLength(20);
  }, 90_000);

  afterAll(async () => {
    await kill();
    await db?.close();
    removeDir(dataDir);
  });

  function batchOfRound(round: number) {
    return Array.from({ length: BATCH }, (_, index) => {
      const offer = offers[index % offers.length] as Offer;
      const id = `crash-${round}-${String(index).padStart(3, '0')}`;
      offerOf.set(id, offer);
      return {
        id,
        clientId: 'crash-device',
        name: 'add_to_cart',
        args: addArgs(offer, day, 1),
        createdAt: Date.now(),
      };
    });
  }

  /** Sends a push over a raw socket so the test decides when, during it, the server dies. */
  function push(body: string, moment?: KillMoment): Promise<PushOutcome> {
    return new Promise((resolve, reject) => {
      const url = new URL(`${server?.url}/api/sync/push`);
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            if (res.statusCode !== 200)
              reject(new Error(`push answered ${res.statusCode}: ${text}`));
            else
              resolve({
                status: 'answered',
                results: pushAnswerSchema.parse(JSON.parse(text)).results,
              });
          });
          res.on('error', () => resolve({ status: 'lost' }));
        },
      );
      req.on('error', () => resolve({ status: 'lost' }));
      if (moment?.kind === 'first-bytes') {
        req.write(body.slice(0, 1024), () => void kill());
        return;
      }
      req.end(body, () => {
        if (moment?.kind === 'after-send') setTimeout(() => void kill(), moment.delayMs);
        if (moment?.kind === 'first-commit') void killAtFirstRecord();
      });
    });
  }

  /** Watches the database and kills the server as soon as the batch's first record is there. */
  async function killAtFirstRecord(): Promise<void> {
    const count = async () =>
      (
        await database().one<{ n: number }>(
          "SELECT COUNT(*) AS n FROM mutations WHERE id LIKE 'crash-%'",
        )
      )?.n ?? 0;
    const before = await count();
    const deadline = Date.now() + 5_000;
    while ((await count()) === before && Date.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await kill();
  }

  /** What the database says now: every record of the test's mutations and every sold unit. */
  async function expectConsistent(): Promise<Map<string, MutationResult>> {
    const records = await database().all<{ id: string; result: string }>(
      "SELECT id, result FROM mutations WHERE id LIKE 'crash-%'",
    );
    const results = new Map(
      records.map((row) => [row.id, mutationResultSchema.parse(JSON.parse(row.result))]),
    );
    expect(results.size).toBe(records.length);
    const appliedPerOffer = new Map<number, number>();
    for (const [id, result] of results) {
      const offer = offerOf.get(id);
      if (!offer) throw new Error(`unknown mutation ${id}`);
      if (result.status === 'applied') {
        appliedPerOffer.set(
          offer.inventory_key,
          (appliedPerOffer.get(offer.inventory_key) ?? 0) + 1,
        );
      }
    }
    for (const offer of offers) {
      // SUM is NUMERIC on PostgreSQL (a string there): cast, and read it as a number.
      const row = await database().one<{ available: number; boxes: number }>(
        `SELECT o.available, (SELECT CAST(COALESCE(SUM(boxes), 0) AS INTEGER) FROM cart_lines
           WHERE inventory_key = o.inventory_key AND deleted = 0) AS boxes
         FROM offers o WHERE o.inventory_key = ?`,
        [offer.inventory_key],
      );
      // Each applied add took exactly one box: once in the cart, once out of the stock.
      const applied = appliedPerOffer.get(offer.inventory_key) ?? 0;
      expect(row?.boxes).toBe(applied);
      expect(row?.available).toBe(offer.available - applied * unitsPerBox(offer));
      expect(row?.available).toBeGreaterThanOrEqual(0);
    }
    return results;
  }

  it('loses no mutation and applies none twice when the batch is replayed after a restart', async () => {
    let inFlight = 0;
    for (const [round, moment] of ROUNDS.entries()) {
      const batch = batchOfRound(round);
      const body = JSON.stringify({ clientId: 'crash-device', mutations: batch });
      const interrupted = await push(body, moment);
      await server?.exited;
      if (interrupted.status === 'lost') inFlight += 1;

      await start();
      const afterCrash = await expectConsistent();
      const recordedBeforeReplay = batch.filter((m) => afterCrash.has(m.id)).length;

      const replay = await push(body);
      expect(replay.status).toBe('answered');
      const results = await expectConsistent();
      expect(replay.results?.map((result) => result.id)).toEqual(batch.map((m) => m.id));
      for (const result of replay.results ?? []) expect(results.get(result.id)).toEqual(result);
      // What committed before the crash is answered from its record, not applied again.
      for (const mutation of batch.filter((m) => afterCrash.has(m.id))) {
        expect(results.get(mutation.id)).toEqual(afterCrash.get(mutation.id));
      }
      expect(recordedBeforeReplay).toBeLessThanOrEqual(BATCH);
    }
    expect((await expectConsistent()).size).toBe(BATCH * ROUNDS.length);
    // The kills landed while the push was on its way (no answer reached the client).
    expect(inFlight).toBeGreaterThanOrEqual(ROUNDS.length - 1);
  });
});
