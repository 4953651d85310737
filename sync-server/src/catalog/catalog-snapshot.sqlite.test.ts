import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_HEAD_ENTRIES,
  COMPACT_CATALOG_MEDIA_TYPE,
  applyCatalogDelta,
  boxesOffered,
  catalogDeltaAnswerSchema,
  decodeCatalogSnapshot,
  fromKeySteps,
  stemPriceCents,
  unitsPerBox,
  type CatalogDeltaAnswer,
  type CatalogSnapshot,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  addArgs,
  createOfferPicker,
  databaseStateOf,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const PRICE_FIELDS = [
  'grower_price_mills',
  'import_duties_tax',
  'freight_cost_mills',
  'box_charge_mills',
  'margin_discount',
  'stem_price_cents',
] as const;

describe('catalogue snapshot, compact encoding and delta', () => {
  let t: TestServer;
  let florist = '';
  let visitor = '';
  let manager = '';
  let day = 0;
  let otherWeek = 0;
  let snapshot: CatalogSnapshot;
  let pick: ReturnType<typeof createOfferPicker>;

  /**
   * GET through node:http, which (unlike fetch) leaves the body as it came over the wire, so the
   * test sees the bytes sent and decompresses them itself.
   */
  function fetchRaw(pathname: string, headers: Record<string, string> = {}) {
    return new Promise<{ response: { status: number; headers: Headers }; bytes: Buffer }>(
      (resolve, reject) => {
        const request = http.get(`${t.url}${pathname}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (typeof value === 'string') responseHeaders.set(name, value);
            }
            resolve({
              response: { status: res.statusCode ?? 0, headers: responseHeaders },
              bytes: Buffer.concat(chunks),
            });
          });
        });
        request.on('error', reject);
      },
    );
  }

  async function compact(token: string, encoding = 'br', part = 'compact') {
    const { response, bytes } = await fetchRaw(`/api/catalog/${day}/${part}`, {
      Authorization: `Bearer ${token}`,
      'Accept-Encoding': encoding,
    });
    expect(response.status).toBe(200);
    const contentEncoding = response.headers.get('content-encoding');
    const plain =
      contentEncoding === 'br'
        ? brotliDecompressSync(bytes)
        : contentEncoding === 'gzip'
          ? gunzipSync(bytes)
          : bytes;
    const buffer = new Uint8Array(plain).buffer;
    return { response, wireBytes: bytes.length, decoded: decodeCatalogSnapshot(buffer) };
  }

  async function delta(token: string, since: number, catalog?: string) {
    const query = new URLSearchParams({ since: String(since) });
    if (catalog) query.set('catalog', catalog);
    const answer = await t.get(`/api/catalog/${day}/delta?${query.toString()}`, token);
    expect(answer.status).toBe(200);
    return catalogDeltaAnswerSchema.parse(answer.body);
  }

  async function addBoxes(offer: Offer, boxes: number) {
    const answer = await t.post('/api/cart_box/add_to_cart', addArgs(offer, day, boxes), florist);
    expect(answer.status).toBe(200);
  }

  beforeAll(async () => {
    t = await startTestServer();
    [florist, manager] = await Promise.all([t.login(accounts.florist), t.login(accounts.manager)]);
    const publicToken = await t.get<{ token: string }>('/api/security/public_token');
    visitor = publicToken.body.token;
    const dates = t.deliveryDates(5);
    day = dates[0] ?? 0;
    otherWeek = dates[4] ?? 0;
    snapshot = await t.catalog(florist, day);
    pick = createOfferPicker(snapshot.offers.filter((offer) => !offer.open_market));
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  describe('GET /api/catalog/:date (JSON)', () => {
    it('gives a customer every price field, the notes, the disclaimers and the catalogue id', () => {
      expect(snapshot.pricesHidden).toBe(false);
      expect(snapshot.offers.length).toBeGreaterThan(100);
      for (const offer of snapshot.offers.slice(0, 50)) {
        expect(offer.stem_price_cents).toBe(stemPriceCents(offer, offer));
        expect(offer.stem_price_cents).toBeGreaterThan(0);
      }
      expect(snapshot.catalogId).toMatch(/^[0-9a-f-]{36}$/);
      expect(snapshot.disclaimers.some((d) => d.product_group === 'pg-anthurium')).toBe(true);
      expect(Object.keys(snapshot.productNotes).length).toBeGreaterThan(0);
      expect(Object.keys(snapshot.growerNotes).length).toBeGreaterThan(0);
      const varieties = new Set(snapshot.varieties.map((v) => v.key));
      expect(Object.keys(snapshot.productNotes).every((key) => varieties.has(key))).toBe(true);
    });

    it.each([
      ['a visitor public token', () => visitor],
      ['a staff token without a customer', () => manager],
    ])('omits every price field for %s and keeps the stock', async (_, token) => {
      const answer = await t.get<CatalogSnapshot>(`/api/catalog/${day}`, token());
      expect(answer.status).toBe(200);
      expect(answer.body.pricesHidden).toBe(true);
      expect(answer.body.offers).toHaveLength(snapshot.offers.length);
      answer.body.offers.forEach((offer, i) => {
        for (const field of PRICE_FIELDS) expect(offer).not.toHaveProperty(field);
        expect(offer.available).toBe(snapshot.offers[i]?.available);
      });
    });

    it.each([
      ['no token', undefined, 401],
      ['a forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', 401],
    ])('refuses %s', async (_, token, status) => {
      expect((await t.get(`/api/catalog/${day}`, token)).status).toBe(status);
    });

    it.each(['20261131', '2026-11-20', 'tomorrow', '99999999'])(
      'answers 400 to the date %j',
      async (bad) => {
        expect((await t.get(`/api/catalog/${bad}`, florist)).status).toBe(400);
      },
    );
  });

  describe('GET /api/catalog/:date/compact', () => {
    it.each(['br', 'gzip', 'identity'])(
      'decodes (%s) to exactly the JSON snapshot',
      async (encoding) => {
        const { response, decoded } = await compact(florist, encoding);
        expect(response.headers.get('content-type')).toBe(COMPACT_CATALOG_MEDIA_TYPE);
        expect(response.headers.get('content-encoding')).toBe(
          encoding === 'identity' ? null : encoding,
        );
        expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
        expect({ ...decoded, generated_at: 0 }).toEqual({ ...snapshot, generated_at: 0 });
      },
    );

    it('sends plain bytes to a client that names no encoding', async () => {
      const { response, bytes } = await fetchRaw(`/api/catalog/${day}/compact`, {
        Authorization: `Bearer ${florist}`,
      });
      expect(response.headers.get('content-encoding')).toBeNull();
      const decoded = decodeCatalogSnapshot(new Uint8Array(bytes).buffer);
      expect(decoded.offers).toHaveLength(snapshot.offers.length);
    });

    it('is a small fraction of the JSON on the wire', async () => {
      const json = await fetchRaw(`/api/catalog/${day}`, {
        Authorization: `Bearer ${florist}`,
        'Accept-Encoding': 'identity',
      });
      const { wireBytes } = await compact(florist, 'br');
      expect(wireBytes).toBeLessThan(json.bytes.length / 10);
    });

    it('hides prices from a visitor and keeps the stock', async () => {
      const { decoded } = await compact(visitor);
      expect(decoded.pricesHidden).toBe(true);
      decoded.offers.forEach((offer, i) => {
        for (const field of PRICE_FIELDS) expect(offer[field]).toBe(0);
        expect(offer.available).toBe(snapshot.offers[i]?.available);
      });
    });

    it('answers 304 to the ETag of the current version and 200 once stock moved', async () => {
      const first = await compact(florist);
      const etag = first.response.headers.get('etag') ?? '';
      expect(etag).toContain(String(first.decoded.version));
      const again = await fetchRaw(`/api/catalog/${day}/compact`, {
        Authorization: `Bearer ${florist}`,
        'If-None-Match': etag,
      });
      expect(again.response.status).toBe(304);
      await addBoxes(
        pick('for the ETag test', () => true),
        1,
      );
      const moved = await fetchRaw(`/api/catalog/${day}/compact`, {
        Authorization: `Bearer ${florist}`,
        'If-None-Match': etag,
      });
      expect(moved.response.status).toBe(200);
      expect(moved.response.headers.get('etag')).not.toBe(etag);
    });
  });

  describe('GET /api/catalog/:date/head', () => {
    /** The varieties of the date a visitor's default view lists, in its order (rank). */
    const listed = (whole: CatalogSnapshot) => {
      const growers = new Set(whole.growers.map((grower) => grower.key));
      const keys = new Set(
        whole.offers
          .filter((offer) => growers.has(offer.grower_key) && boxesOffered(offer) > 0)
          .map((offer) => offer.variety_key),
      );
      return whole.varieties.filter((variety) => keys.has(variety.key));
    };

    it.each([
      ['a visitor', () => visitor],
      ['a florist', () => florist],
    ])(
      'sends %s the best-ranked listed varieties with their offers, no prices, and the count',
      async (_who, token) => {
        const { response, decoded, wireBytes } = await compact(token(), 'br', 'head');
        expect(response.headers.get('content-type')).toBe(COMPACT_CATALOG_MEDIA_TYPE);
        expect(response.headers.get('content-encoding')).toBe('br');
        const available = listed(snapshot);
        expect(Number(response.headers.get('x-catalog-entries'))).toBe(available.length);
        const cutoff = [...available.map((v) => v.rank)].sort((a, b) => a - b)[
          CATALOG_HEAD_ENTRIES - 1
        ];
        const expected = available.filter((variety) => variety.rank <= (cutoff ?? 0));
        expect(expected.length).toBeGreaterThanOrEqual(CATALOG_HEAD_ENTRIES);
        expect(decoded.varieties.map((v) => v.key)).toEqual(expected.map((v) => v.key));
        const keys = new Set(expected.map((variety) => variety.key));
        const offers = snapshot.offers.filter((offer) => keys.has(offer.variety_key));
        expect(decoded.offers.map((o) => [o.inventory_key, o.available])).toEqual(
          offers.map((o) => [o.inventory_key, o.available]),
        );
        expect(decoded.pricesHidden).toBe(true);
        for (const offer of decoded.offers) {
          for (const field of PRICE_FIELDS) expect(offer[field]).toBe(0);
        }
        expect(decoded.growers.every((g) => offers.some((o) => o.grower_key === g.key))).toBe(true);
        // The seed lists more varieties than a head holds: the head is the smaller download.
        expect(decoded.varieties.length).toBeLessThan(available.length);
        expect(wireBytes).toBeLessThan((await compact(visitor)).wireBytes / 2);
      },
    );

    it('follows the stock: a variety sold out leaves the head and the count', async () => {
      const before = await compact(visitor, 'gzip', 'head');
      const first = before.decoded.varieties.find(
        (variety) => variety.rank === Math.min(...before.decoded.varieties.map((v) => v.rank)),
      );
      const sellable = before.decoded.offers.filter(
        (offer) => offer.variety_key === first?.key && offer.available > 0,
      );
      expect(sellable.length).toBeGreaterThan(0);
      // Every box of the variety is sold, offer by offer.
      const {
        repos: { catalog },
        changes,
      } = t.server.context;
      await t.server.context.transactional(async () => {
        for (const offer of sellable) {
          expect(
            await catalog.takeStock(offer.inventory_key, offer.available, await changes.next()),
          ).toBe(true);
        }
      })();
      const after = await compact(visitor, 'gzip', 'head');
      expect(after.decoded.varieties.some((v) => v.key === first?.key)).toBe(false);
      expect(Number(after.response.headers.get('x-catalog-entries'))).toBe(
        Number(before.response.headers.get('x-catalog-entries')) - 1,
      );
    });
  });

  describe('GET /api/catalog/:date/delta', () => {
    it('returns exactly the stock that changed, and patches a copy into the fresh snapshot', async () => {
      const before = (await compact(florist)).decoded;
      const offer = pick('with 3 boxes or more', (o) => o.available >= 3 * unitsPerBox(o));
      await addBoxes(offer, 2);
      const answer = await delta(florist, before.version, before.catalogId);
      expect(answer.reset).toBe(false);
      expect(answer.version).toBeGreaterThan(before.version);
      expect(fromKeySteps(answer.stock.keySteps)).toEqual([offer.inventory_key]);
      const current = before.offers.find((o) => o.inventory_key === offer.inventory_key);
      expect(answer.stock.available).toEqual([(current?.available ?? 0) - 2 * unitsPerBox(offer)]);
      expect(answer.prices.keySteps).toEqual([]);

      const patched = applyCatalogDelta(before, answer);
      if (!patched.ok) throw new Error(patched.reason);
      const fresh = (await compact(florist)).decoded;
      expect({ ...patched.snapshot, generated_at: 0 }).toEqual({ ...fresh, generated_at: 0 });
    });

    it('is empty when nothing changed since the version', async () => {
      const current = (await compact(florist)).decoded;
      const answer = await delta(florist, current.version, current.catalogId);
      expect(answer).toMatchObject({ reset: false, version: current.version });
      expect(answer.stock.keySteps).toEqual([]);
    });

    it('sends price changes to customers only, with the stock to everybody', async () => {
      const before = (await compact(florist)).decoded;
      const offer = pick('for a price change', () => true);
      const {
        repos: { catalog },
        changes,
      } = t.server.context;
      await t.server.context.transactional(async () => {
        const seq = await changes.next();
        await catalog.setPrice(offer.inventory_key, { ...offer, grower_price_mills: 2500 }, seq);
      })();
      const forCustomer = await delta(florist, before.version, before.catalogId);
      expect(fromKeySteps(forCustomer.prices.keySteps)).toEqual([offer.inventory_key]);
      expect(forCustomer.prices.grower_price_mills).toEqual([2500]);
      const patched = applyCatalogDelta(before, forCustomer);
      if (!patched.ok) throw new Error(patched.reason);
      const row = patched.snapshot.offers.find((o) => o.inventory_key === offer.inventory_key);
      expect(row?.stem_price_cents).toBe(
        stemPriceCents({ ...offer, grower_price_mills: 2500 }, offer),
      );

      const forVisitor = await delta(visitor, before.version, before.catalogId);
      expect(forVisitor.prices.keySteps).toEqual([]);
      expect(fromKeySteps(forVisitor.stock.keySteps)).toContain(offer.inventory_key);
    });

    it('leaves out changes to rows of other delivery weeks', async () => {
      const current = (await compact(florist)).decoded;
      const elsewhere = (await t.catalog(florist, otherWeek)).offers.find(
        (o) => o.eta_from > day && o.available >= unitsPerBox(o) && !o.open_market,
      );
      if (!elsewhere) throw new Error('no offer in another week');
      const answer = await t.post(
        '/api/cart_box/add_to_cart',
        addArgs(elsewhere, otherWeek, 1),
        florist,
      );
      expect(answer.status).toBe(200);
      const after = await delta(florist, current.version, current.catalogId);
      expect(after.stock.keySteps).toEqual([]);
      expect(after.version).toBeGreaterThan(current.version);
      const again = await compact(florist);
      expect(again.decoded.version).toBe(current.version);
    });

    it.each<[string, (c: CatalogSnapshot) => [number, string | undefined]]>([
      ['a copy of another database', (c) => [c.version, 'another-catalogue']],
      ['a version this database never reached', (c) => [c.version + 1_000_000, c.catalogId]],
    ])('asks %s to reset', async (_, args) => {
      const current = (await compact(florist)).decoded;
      const [since, catalog] = args(current);
      const answer: CatalogDeltaAnswer = await delta(florist, since, catalog);
      expect(answer.reset).toBe(true);
      expect(answer.stock.keySteps).toEqual([]);
      expect(applyCatalogDelta(current, answer)).toEqual({ ok: false, reason: 'reset' });
    });

    it('asks for a reset when more changed than a delta is worth', async () => {
      const answer = await delta(florist, 0);
      expect(answer.reset).toBe(false);
      const { catalog } = t.server.context.repos;
      expect(snapshot.offers.length).toBeGreaterThan(500);
      const rows = snapshot.offers.slice(0, Math.ceil(snapshot.offers.length * 0.4));
      await t.server.context.transactional(async () => {
        for (const offer of rows)
          await catalog.returnStock(offer.inventory_key, 0, await t.server.context.changes.next());
      })();
      const big = await delta(florist, answer.version, answer.catalogId);
      expect(big.reset).toBe(true);
    });

    it.each(['', '-1', 'abc', '1.5'])(
      'answers 400 to since=%j and changes nothing',
      async (since) => {
        const state = await databaseStateOf(t.sql);
        const answer = await t.get(`/api/catalog/${day}/delta?since=${since}`, florist);
        expect(answer.status).toBe(400);
        expect(await databaseStateOf(t.sql)).toEqual(state);
      },
    );

    it('refuses a request without a token', async () => {
      expect((await t.get(`/api/catalog/${day}/delta?since=0`)).status).toBe(401);
    });
  });
});
