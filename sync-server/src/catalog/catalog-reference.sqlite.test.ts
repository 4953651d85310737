import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityAnswerSchema,
  buildSearchIndex,
  DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  disclaimersAnswerSchema,
  disclaimersFor,
  searchIndex,
  searchTextReplacementAnswerSchema,
  varietyListAnswerSchema,
  type CatalogSnapshot,
  type SearchTextReplacement,
} from '@stemline/shared';
import {
  accounts,
  databaseStateOf,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

describe('catalogue reference calls', () => {
  let t: TestServer;
  let florist = '';
  let visitor = '';
  let snapshot: CatalogSnapshot;

  beforeAll(async () => {
    t = await startTestServer();
    florist = await t.login(accounts.florist);
    visitor = (await t.get<{ token: string }>('/api/security/public_token')).body.token;
    snapshot = await t.catalog(florist, t.deliveryDates(1)[0] ?? 0);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  describe('POST /api/availability/delivery_date/:year/:month', () => {
    const november = async (token: string) => {
      const answer = await t.post('/api/availability/delivery_date/2026/11', {}, token);
      expect(answer.status).toBe(200);
      return availabilityAnswerSchema.parse(answer.body).items;
    };

    it('lists every day of the month, with arrivals only on days one can order for', async () => {
      const items = await november(visitor);
      expect(items.map((item) => item.date)).toEqual(
        Array.from({ length: 30 }, (_, i) => 20261101 + i),
      );
      const byDate = new Map(items.map((item) => [item.date, item]));
      // The test clock is Wednesday 18 November: the 18th itself and earlier days are past.
      for (const date of [20261117, 20261118, 20261121, 20261122]) {
        expect(byDate.get(date)).toMatchObject({ arrivals: 0, countries: [] });
      }
      const thursday = byDate.get(20261119);
      expect(thursday?.arrivals).toBeGreaterThan(0);
      expect(thursday?.countries.length).toBeGreaterThan(1);
      expect(thursday?.countries).toEqual([...(thursday?.countries ?? [])].sort());
    });

    it('counts the price rows in stock that can be delivered that day', async () => {
      const items = await november(florist);
      const day = items.find((item) => item.date === snapshot.date);
      const inStock = snapshot.offers.filter((offer) => offer.available > 0);
      const countries = new Set(
        inStock.map(
          (offer) => snapshot.growers.find((g) => g.key === offer.grower_key)?.country_iso,
        ),
      );
      expect(day?.arrivals).toBe(inStock.length);
      expect(new Set(day?.countries)).toEqual(countries);
    });

    it('names holidays and closes market holidays', async () => {
      const byDate = new Map((await november(visitor)).map((item) => [item.date, item]));
      expect(byDate.get(20261126)).toEqual({
        date: 20261126,
        arrivals: 0,
        countries: [],
        holiday: 'Thanksgiving Day',
      });
      expect(byDate.get(20261102)?.holiday).toBe('Día de los Muertos');
      expect(byDate.get(20261125)?.holiday).toBeNull();
    });

    it.each([
      ['month 13', '/api/availability/delivery_date/2026/13', {}],
      ['month 0', '/api/availability/delivery_date/2026/0', {}],
      ['a year in words', '/api/availability/delivery_date/next/11', {}],
      ['an unknown option', '/api/availability/delivery_date/2026/11', { zipcode: '10001' }],
    ])('answers 400 to %s and changes nothing', async (_, path, body) => {
      const state = await databaseStateOf(t.sql);
      expect((await t.post(path, body, visitor)).status).toBe(400);
      expect(await databaseStateOf(t.sql)).toEqual(state);
    });

    it('refuses a request without a token', async () => {
      expect((await t.post('/api/availability/delivery_date/2026/11', {})).status).toBe(401);
    });
  });

  describe('/api/variety/list', () => {
    it('lists active varieties most popular first, with image and note, to a visitor', async () => {
      const answer = await t.post('/api/variety/list', { limit: 10_000 }, visitor);
      expect(answer.status).toBe(200);
      const list = varietyListAnswerSchema.parse(answer.body);
      expect(list.total).toBe(400);
      expect(list.results).toHaveLength(400);
      const ranks = list.results.map((v) => v.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(list.results[0]?.image).toMatch(/^\/api\/variety\/image\/v-\d{5}\.svg\?v=\w+$/);
      expect(list.results.some((v) => v.note !== null)).toBe(true);
      expect(list.results[0]).not.toHaveProperty('stem_price');
      expect(list.results[0]).not.toHaveProperty('stem_price_cents');
    });

    it('pages and filters by key, product group, category and colour', async () => {
      const get = async (body: unknown) =>
        varietyListAnswerSchema.parse((await t.post('/api/variety/list', body, visitor)).body);
      const all = await get({ limit: 10_000 });
      const page = await get({ offset: 10, limit: 5 });
      expect(page.results.map((v) => v.key)).toEqual(all.results.slice(10, 15).map((v) => v.key));
      const roses = await get({ product_group: ['pg-rose'], limit: 10_000 });
      expect(roses.total).toBe(all.results.filter((v) => v.product_group_key === 'pg-rose').length);
      expect(roses.results.every((v) => v.product_group_key === 'pg-rose')).toBe(true);
      const two = await get({ keys: [all.results[3]?.key, all.results[7]?.key] });
      expect(two.results.map((v) => v.key).sort()).toEqual(
        [all.results[3]?.key, all.results[7]?.key].sort(),
      );
      const redCarnations = await get({ category: ['cat-carnations'], color: ['col-red'] });
      expect(
        redCarnations.results.every(
          (v) => v.category_key === 'cat-carnations' && v.color_key === 'col-red',
        ),
      ).toBe(true);
      const byGet = await t.get('/api/variety/list', visitor);
      expect(varietyListAnswerSchema.parse(byGet.body).results).toHaveLength(400);
    });

    it.each([
      ['a limit over the maximum', { limit: 100_000 }],
      ['a negative offset', { offset: -1 }],
      ['keys that are not a list', { keys: 'v-00001' }],
      ['an unknown option', { search: 'rose' }],
    ])('answers 400 to %s', async (_, body) => {
      expect((await t.post('/api/variety/list', body, visitor)).status).toBe(400);
    });
  });

  describe('/api/variety/search_text_replacement', () => {
    it.each(['GET', 'POST'])('gives the synonyms buyers type (%s)', async (method) => {
      const answer =
        method === 'GET'
          ? await t.get('/api/variety/search_text_replacement', visitor)
          : await t.post('/api/variety/search_text_replacement', {}, visitor);
      const synonyms = searchTextReplacementAnswerSchema.parse(answer.body).results;
      expect(synonyms).toEqual(
        expect.arrayContaining([
          { text: 'hortensia', replacement: 'hydrangea' },
          { text: 'mums', replacement: 'chrysanthemum' },
          { text: 'gyp', replacement: 'gypsophila' },
        ]),
      );
    });

    it("is the app's own list, so a search finds the same offline on first use", async () => {
      const answer = await t.get('/api/variety/search_text_replacement', visitor);
      const served = searchTextReplacementAnswerSchema.parse(answer.body).results;
      const byText = (a: SearchTextReplacement, b: SearchTextReplacement) =>
        a.text.localeCompare(b.text);
      expect([...served].sort(byText)).toEqual([...DEFAULT_SEARCH_TEXT_REPLACEMENTS].sort(byText));
    });

    it('turns each synonym into words of the catalogue, so typing it finds varieties', async () => {
      const answer = await t.get('/api/variety/search_text_replacement', visitor);
      const served = searchTextReplacementAnswerSchema.parse(answer.body).results;
      // The texts the app indexes a variety by, less its farms (catalog-model.ts).
      const index = buildSearchIndex(
        snapshot.varieties.map((v) => [
          v.name,
          v.search_name,
          v.product_group_name,
          v.category_name,
          v.color_name,
          ...v.tags,
        ]),
      );
      const findsNothing = served.filter(
        (synonym) => !searchIndex(index, synonym.text, served).counts.some((count) => count > 0),
      );
      expect(findsNothing).toEqual([]);
      // The botanical name finds the catalogue's Mums.
      const mums = searchIndex(index, 'chrysanthemum', served).counts;
      snapshot.varieties.forEach((variety, doc) => {
        if (/mums/i.test(variety.product_group_name)) expect(mums[doc]).toBe(1);
      });
    });

    it('answers 400 to options it does not take', async () => {
      const answer = await t.post('/api/variety/search_text_replacement', { q: 'x' }, visitor);
      expect(answer.status).toBe(400);
    });
  });

  describe('/api/disclaimers', () => {
    it('has one disclaimer per colour-altered variety, by the word its name uses', async () => {
      const { results } = disclaimersAnswerSchema.parse(
        (await t.get('/api/disclaimers', visitor)).body,
      );
      const list = varietyListAnswerSchema.parse(
        (await t.post('/api/variety/list', { limit: 10_000 }, visitor)).body,
      ).results;
      const altered = list.filter((v) => /\b(Tinted|Dyed|Airbrushed)\b/.test(v.name));
      expect(altered.length).toBeGreaterThan(0);
      for (const variety of altered) {
        const word = /\b(Tinted|Dyed|Airbrushed)\b/.exec(variety.name)?.[1] ?? '';
        const titles = disclaimersFor(results, variety).map((d) => d.title);
        expect(titles).toContain(`${word} flowers`);
      }
      const anthurium = list.find((v) => v.product_group_key === 'pg-anthurium');
      if (!anthurium) throw new Error('no anthurium in the demo catalogue');
      expect(disclaimersFor(results, anthurium).map((d) => d.title)).toContain(
        'Anthurium head size',
      );
      const plain = list.find(
        (v) => v.product_group_key === 'pg-carnation' && !v.tags.includes('tinted'),
      );
      if (!plain) throw new Error('no plain carnation');
      expect(disclaimersFor(results, plain)).toEqual([]);
    });
  });

  describe('POST /api/load_all_by_model', () => {
    it.each(['category', 'color', 'grower', 'holidays', 'product_group', 'disclaimer'])(
      'serves the %s entity to a visitor',
      async (model) => {
        const answer = await t.post<{ results: { key: string }[] }>(
          '/api/load_all_by_model',
          { model },
          visitor,
        );
        expect(answer.status).toBe(200);
        expect(answer.body.results.length).toBeGreaterThan(0);
        expect(answer.body.results.every((row) => typeof row.key === 'string')).toBe(true);
      },
    );

    it('picks rows by key and answers fetch_models in fetched_results', async () => {
      const answer = await t.post<{
        results: { key: string; name: string }[];
        fetched_results: Record<string, { key: string; date?: number; country_iso?: string }[]>;
      }>(
        '/api/load_all_by_model',
        { model: 'color', keys: ['col-red', 'col-white'], fetch_models: ['holidays', 'grower'] },
        visitor,
      );
      expect(answer.body.results.map((row) => row.key).sort()).toEqual(['col-red', 'col-white']);
      expect(answer.body.fetched_results.holidays?.some((h) => h.date === 20261126)).toBe(true);
      expect(answer.body.fetched_results.grower).toHaveLength(40);
      expect(answer.body.fetched_results.grower?.[0]).not.toHaveProperty('grower_price');
      expect(answer.body.fetched_results.grower?.[0]).not.toHaveProperty('grower_price_mills');
    });
  });

  describe('GET /api/variety/image/:key.svg', () => {
    it('draws the variety in its colour, cacheable forever, without a token', async () => {
      const variety = snapshot.varieties[0];
      if (!variety) throw new Error('empty catalogue');
      const response = await fetch(`${t.url}/api/variety/image/${variety.key}.svg?v=x`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg.toLowerCase()).toContain(variety.color_code.toLowerCase());
      expect(svg.length).toBeLessThan(3000);
    });

    it.each([
      ['an unknown variety', 'v-99999.svg', 404],
      ['a key with odd characters', 'v%2E%2E%2Fsecret.svg', 400],
      ['another extension (not a public path: the gate asks for a token)', 'v-00001.png', 401],
    ])('answers %s with %s', async (_, file, status) => {
      const response = await fetch(`${t.url}/api/variety/image/${file}`);
      expect(response.status).toBe(status);
    });
  });
});
