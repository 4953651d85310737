import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  boxesOffered,
  catalogSnapshotSchema,
  loginAnswerSchema,
  marketToday,
  nextWeekdays,
  toEtaDate,
  type CatalogSnapshot,
  type EtaDate,
  type Offer,
} from '@stemline/shared';
import { createServer, type StemlineServer } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import type { RunResult, SqlValue } from '../db/sql-engine';
import { sqliteHandleOf } from './sqlite-handle';
import { onPostgres, postgresDatabaseOf } from './test-database';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { solveCaptcha } from './captcha';

/** Wednesday 18 November 2026, 10:00 in New York: the default start of every test clock. */
export const TEST_START_MS = Date.parse('2026-11-18T15:00:00Z');

/** Demo accounts of three different customers, and two staff accounts without one. */
export const accounts = {
  florist: 'florist@stemline.test',
  newbuyer: 'newbuyer@stemline.test',
  guest: 'guest@stemline.test',
  grower: 'grower@stemline.test',
  manager: 'manager@stemline.test',
} as const;

/** The server clock of a test: read by the server on every call, moved only by the test. */
export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  method?: string;
  /** Sent as JSON with its content type. */
  json?: unknown;
  /** Sent as is, with a JSON content type unless `headers` names another (hostile bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Statements on the test server's database, whichever engine it runs on. */
export interface TestSql {
  all<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlValue[],
  ): Promise<Row[]>;
  one<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlValue[],
  ): Promise<Row | undefined>;
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
}

export interface TestServer {
  server: StemlineServer;
  /** The SQLite handle; throws when the server runs on PostgreSQL (use `sql`). */
  db: Db;
  /** Statements through the server's own engine: SQLite or PostgreSQL (TEST_ENGINE). */
  sql: TestSql;
  url: string;
  dataDir: string;
  clock: TestClock;
  /** The first `count` delivery dates of the seeded catalog, by the test clock. */
  deliveryDates(count?: number): EtaDate[];
  /** Logs a demo account in over HTTP and returns its bearer token. */
  login(email: string): Promise<string>;
  /** Any call; the body is parsed as JSON when the answer is JSON, otherwise left as text. */
  request<T = Record<string, unknown>>(
    pathname: string,
    options?: RequestOptions,
  ): Promise<ApiAnswer<T>>;
  get<T = Record<string, unknown>>(pathname: string, token?: string): Promise<ApiAnswer<T>>;
  post<T = Record<string, unknown>>(
    pathname: string,
    json: unknown,
    token?: string,
  ): Promise<ApiAnswer<T>>;
  /** The catalog of one delivery date, checked against the shared schema. */
  catalog(token: string, date: EtaDate): Promise<CatalogSnapshot>;
  /** Closes the server; removes the data folder when this helper created it. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** An existing data folder to reuse (it is then left in place on stop). */
  dataDir?: string;
  startAt?: number;
  /** Settings over the test defaults; `undefined` leaves a setting unset (its own default). */
  env?: Record<string, string | undefined>;
}

/** A fresh temporary folder; the caller removes it with `removeDir`. */
export function makeTempDir(prefix = 'stemline-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts a real server listening on a free port of 127.0.0.1, with a clock the test moves by
 * hand: on a real SQLite file in a temporary folder, or, with TEST_ENGINE=postgres, on a fresh
 * database of a real PostgreSQL cluster (`npm run test:pg`).
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const ownsDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeTempDir();
  const clock: TestClock = {
    now: options.startAt ?? TEST_START_MS,
    advance(ms) {
      this.now += ms;
    },
  };
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    CATALOG_SCALE: 'demo',
    PWA_DIST: path.join(dataDir, 'no-pwa-dist'),
    // Tests read the mail a call sent through the dev mailbox (accounts.ts `mailsTo`).
    DEV_MAILBOX: '1',
    ...(onPostgres ? { DATABASE_URL: await postgresDatabaseOf(dataDir) } : {}),
    ...options.env,
  });
  const server = await createServer(config, { now: () => clock.now });
  const url = await server.listen();

  async function request<T>(pathname: string, init: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.json !== undefined || init.rawBody !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = init.rawBody ?? JSON.stringify(init.json);
    }
    const response = await fetch(`${url}${pathname}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson ? JSON.parse(text) : text) as T,
    };
  }

  const { engine } = server.context;
  return {
    server,
    get db() {
      return sqliteHandleOf(server.context);
    },
    sql: {
      all: (sql, params) => engine.all(sql, params),
      one: (sql, params) => engine.one(sql, params),
      run: (sql, params) => engine.run(sql, params),
    },
    url,
    dataDir,
    clock,
    deliveryDates: (count = 3) => nextWeekdays(marketToday(clock.now), count).map(toEtaDate),
    async login(email) {
      // Log-in needs a fresh captcha solution (accounts, spec §4); it is solved for real.
      const reCaptchaToken = await solveCaptcha(url);
      const query = new URLSearchParams({ email, password: DEMO_PASSWORD, reCaptchaToken });
      const answer = await request(`/api/security/login?${query.toString()}`);
      const parsed = loginAnswerSchema.parse(answer.body);
      if (!parsed.token) throw new Error(`demo login failed for ${email}: ${parsed.error}`);
      return parsed.token;
    },
    request,
    get: (pathname, token) => request(pathname, token === undefined ? {} : { token }),
    post: (pathname, json, token) =>
      request(pathname, token === undefined ? { json } : { json, token }),
    async catalog(token, date) {
      const answer = await request(`/api/catalog/${date}`, { token });
      if (answer.status !== 200) throw new Error(`catalog ${date} answered ${answer.status}`);
      return catalogSnapshotSchema.parse(answer.body);
    },
    async stop() {
      await server.close();
      if (ownsDir) removeDir(dataDir);
    },
  };
}

/**
 * Hands out offers of a catalog that match a condition, each at most once, so tests sharing one
 * server never work on the same price row.
 */
export function createOfferPicker(offers: readonly Offer[]) {
  const taken = new Set<number>();
  return function pick(description: string, matches: (offer: Offer) => boolean): Offer {
    const offer = offers.find(
      (candidate) => !taken.has(candidate.inventory_key) && matches(candidate),
    );
    if (!offer) throw new Error(`the seeded catalog has no free offer that ${description}`);
    taken.add(offer.inventory_key);
    return offer;
  };
}

/** Offers with exactly `boxes` whole boxes in stock; `boxes` must be under the cap of 30. */
export function withBoxes(boxes: number): (offer: Offer) => boolean {
  if (boxes >= 30) throw new Error('boxesOffered() is capped at 30; compare the stock instead');
  return (offer) => boxesOffered(offer) === boxes;
}

/** The REST / mutation payload that adds `quantity` boxes of `offer` for `etaDate`. */
export function addArgs(offer: Offer, etaDate: EtaDate, quantity: unknown) {
  return {
    variety: offer.variety_key,
    grower: offer.grower_key,
    length: offer.length,
    eta_date: etaDate,
    quantity,
    inventory_key: offer.inventory_key,
  };
}

/** The current stock of one offer, read through the server's engine (either engine). */
export async function stockOf(sql: TestSql, inventoryKey: number): Promise<number> {
  const row = await sql.one<{ available: number }>(
    'SELECT available FROM offers WHERE inventory_key = ?',
    [inventoryKey],
  );
  if (!row) throw new Error(`no offer ${inventoryKey}`);
  return row.available;
}

/** `databaseState`, read through the server's engine (either engine). */
export async function databaseStateOf(sql: TestSql) {
  return {
    seq: (await sql.one<{ value: number }>('SELECT value FROM change_seq'))?.value,
    stock: await sql.all(
      'SELECT inventory_key, available, version FROM offers ORDER BY inventory_key',
    ),
    cartLines: await sql.all('SELECT * FROM cart_lines ORDER BY customer_key, key'),
    notices: await sql.all('SELECT * FROM notices ORDER BY customer_key, key'),
    mutations: await sql.all('SELECT * FROM mutations ORDER BY id'),
  };
}

/** The current stock of one offer, read from the SQLite handle (`stockOf` on either engine). */
export function availableUnits(db: Db, inventoryKey: number): number {
  const row = db
    .prepare<[number], { available: number }>(
      'SELECT available FROM offers WHERE inventory_key = ?',
    )
    .get(inventoryKey);
  if (!row) throw new Error(`no offer ${inventoryKey}`);
  return row.available;
}

/**
 * Everything a write could change: the change sequence, every offer's stock, every cart line,
 * notice and mutation record. Equal before and after a call means the call changed nothing.
 */
export function databaseState(db: Db) {
  return {
    seq: db.prepare('SELECT value FROM change_seq').pluck().get(),
    stock: db
      .prepare('SELECT inventory_key, available, version FROM offers ORDER BY inventory_key')
      .all(),
    cartLines: db.prepare('SELECT * FROM cart_lines ORDER BY customer_key, key').all(),
    notices: db.prepare('SELECT * FROM notices ORDER BY customer_key, key').all(),
    mutations: db.prepare('SELECT * FROM mutations ORDER BY id').all(),
  };
}
