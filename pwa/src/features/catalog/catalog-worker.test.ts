import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOG_QUERY,
  DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  applyCatalogDelta,
  decodeCatalogSnapshot,
  encodeCatalogSnapshot,
  searchIndex,
  toKeySteps,
  type CatalogDeltaAnswer,
  type CatalogQuery,
  type CatalogSnapshot,
  type FarmPreferences,
  type SearchIndex,
  type SearchText,
  type Variety,
} from '@stemline/shared';
import { snapshot as fixture } from './catalog-fixture';
import { buildCatalogModel, searchDocuments } from './catalog-model';
import { previewOf } from './catalog-preview';
import { searchEntries, selectEntries } from './catalog-view';
import {
  answerCatalogRequest,
  packSearchIndex,
  unpackSearchIndex,
  type CatalogWorkerAnswer,
  type CatalogWorkerRequest,
} from './catalog-worker-protocol';
import { countFacets } from './facet-counts';

/** The fixture's catalogue grown to a few hundred varieties of varied names, colours and groups. */
function largerSnapshot(): CatalogSnapshot {
  const names = ['Freedom', 'Mondial', 'Moonlight', 'Zembla', 'Naomi', 'Explorer', 'Vendela'];
  const colours = ['Red', 'White', 'Hot Pink', 'Cream', 'Purple', 'Peach'];
  const groups = ['Roses', 'Spray Roses', 'Carnations', 'Disbud Mums', 'Hydrangea', 'Gypsophila'];
  const varieties: Variety[] = [];
  const offers: CatalogSnapshot['offers'] = [];
  let n = 0;
  for (const name of names)
    for (const colour of colours)
      for (const group of groups) {
        const template = fixture.varieties[n % fixture.varieties.length] as Variety;
        const key = `v-${n}`;
        varieties.push({
          ...template,
          key,
          name: `${name} ${colour}`,
          color_name: colour,
          product_group_name: group,
          search_name: `${name} ${group} ${colour}`.toLowerCase(),
          tags: n % 5 === 0 ? ['wedding'] : [],
        });
        const row = fixture.offers[n % (fixture.offers.length - 1)];
        if (row) offers.push({ ...row, inventory_key: 10_000 + n, variety_key: key });
        n += 1;
      }
  return { ...fixture, varieties, offers };
}

/**
 * What the worker answers, as the page receives it: the request and each answer cross the
 * boundary as structured clones, the answers' buffers moved.
 */
function throughWorker(request: CatalogWorkerRequest): CatalogWorkerAnswer[] {
  return [...answerCatalogRequest(structuredClone(request))].map(({ answer, transfer }) =>
    structuredClone(answer, { transfer }),
  );
}

function indexOf(answer: CatalogWorkerAnswer | undefined): SearchIndex {
  if (answer?.kind !== 'search-index' || !answer.index) throw new Error('no search index');
  return unpackSearchIndex(answer.index);
}

const QUERIES = [
  'freedom',
  'red roses',
  'hot pink',
  'mums',
  'hortensia',
  'moonlite', // one typo
  'spray rose',
  'rosaprima',
  'ecuador',
  'wedding 50',
  '70',
  'the',
  'white and red',
  'zzz',
];

describe('the catalogue worker', () => {
  const snapshot = largerSnapshot();
  const data = encodeCatalogSnapshot(snapshot).buffer;
  const farms: FarmPreferences = { preferred: new Set(['gr-co']), blocked: new Set(['gr-nl']) };

  const firstScreen = (query: CatalogQuery, favorites: ReadonlySet<string> = new Set()) =>
    throughWorker({
      kind: 'first-screen',
      id: 7,
      data,
      hidePrices: false,
      farms,
      query,
      favorites,
      count: 12,
    });

  it("answers a view's first entries, counts and filter counts as the page's own model has them", () => {
    // The worker reads the bytes: its stem prices are worked out again, as the page's are.
    const model = buildCatalogModel(decodeCatalogSnapshot(data), farms);
    const views: CatalogQuery[] = [
      DEFAULT_CATALOG_QUERY,
      { ...DEFAULT_CATALOG_QUERY, sortBy: 'price_low_high' },
      { ...DEFAULT_CATALOG_QUERY, color: ['col-red'], stemLength: { min: 50, max: 70 } },
    ];
    const favorites = new Set(['v-0', 'v-3', 'v-8']);
    for (const query of views) {
      const [answer] = firstScreen(query, favorites);
      if (answer?.kind !== 'first-screen' || !answer.preview) throw new Error('no first screen');
      const { preview } = answer;
      const entries = selectEntries(model, query, query);
      expect(preview.entryCount).toBe(entries.length);
      expect(preview.varietyCount).toBe(entries.length);
      expect(preview.entries).toEqual(entries.slice(0, 12));
      expect(preview.facets).toEqual(
        countFacets(model, query, null, { keys: favorites, only: false }),
      );
      expect(preview.blockedOffers).toBe(model.blockedOffers);
      expect(preview).toEqual(previewOf(model, query, favorites, 12));
    }
  });

  it('then answers the search index of the same model: every search as the page would find it', () => {
    const answers = firstScreen(DEFAULT_CATALOG_QUERY);
    expect(answers.map((answer) => answer.kind)).toEqual(['first-screen', 'search-index']);
    const fromWorker = indexOf(answers[1]);
    const inThread = buildCatalogModel(decodeCatalogSnapshot(data), farms).searchIndex();
    expect(fromWorker.size).toBe(inThread.size);
    for (const query of QUERIES)
      expect(searchIndex(fromWorker, query), query).toEqual(searchIndex(inThread, query));
  });

  it('answers null twice for bytes it cannot read', () => {
    const answers = throughWorker({
      kind: 'first-screen',
      id: 8,
      data: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]).buffer,
      hidePrices: false,
      farms,
      query: DEFAULT_CATALOG_QUERY,
      favorites: new Set(),
      count: 12,
    });
    expect(answers).toEqual([
      { kind: 'first-screen', id: 8, preview: null },
      { kind: 'search-index', id: 8, index: null },
    ]);
  });

  it('answers documents sent to it with the index the main thread would build', () => {
    const documents = searchDocuments(buildCatalogModel(snapshot).products);
    const fromWorker = indexOf(throughWorker({ kind: 'search-index', id: 9, documents })[0]);
    const inThread = buildCatalogModel(snapshot).searchIndex();
    for (const query of QUERIES)
      expect(searchIndex(fromWorker, query), query).toEqual(
        searchIndex(inThread, query, DEFAULT_SEARCH_TEXT_REPLACEMENTS),
      );
  });

  it("patches a copy's bytes with a delta: they decode to the page's own patched snapshot", () => {
    const stored = decodeCatalogSnapshot(data);
    const [first, second] = stored.offers;
    if (!first || !second) throw new Error('fixture without rows');
    const keys = [first.inventory_key, second.inventory_key].sort((a, b) => a - b);
    const delta: CatalogDeltaAnswer = {
      success: true,
      date: stored.date,
      catalogId: stored.catalogId,
      since: stored.version,
      version: stored.version + 1,
      reset: false,
      stock: { keySteps: toKeySteps(keys), available: [3, 0] },
      prices: {
        keySteps: toKeySteps(keys.slice(0, 1)),
        grower_price_mills: [9_500],
        import_duties_tax: [0.1],
        freight_cost_mills: [200],
        box_charge_mills: [1_000],
        margin_discount: [0],
      },
    };
    const [answer] = throughWorker({ kind: 'patch', id: 3, data, delta });
    if (answer?.kind !== 'patch' || !answer.data) throw new Error('no patched bytes');
    const patched = applyCatalogDelta(stored, delta);
    if (!patched.ok) throw new Error('the delta does not patch the copy');
    expect(decodeCatalogSnapshot(answer.data)).toEqual(patched.snapshot);

    const elsewhere = { ...delta, catalogId: 'another-catalogue' };
    expect(throughWorker({ kind: 'patch', id: 4, data, delta: elsewhere })).toEqual([
      { kind: 'patch', id: 4, data: null },
    ]);
  });

  it('packs an index and unpacks the same one, an empty one too', () => {
    const index = buildCatalogModel(snapshot).searchIndex();
    expect(unpackSearchIndex(packSearchIndex(index))).toEqual(index);
    const empty = { terms: [], postings: [], weights: [], size: 0 };
    expect(unpackSearchIndex(packSearchIndex(empty))).toEqual(empty);
  });
});

describe("the model's search index from the worker", () => {
  const snapshot = largerSnapshot();
  const viaWorker = (documents: () => readonly (readonly SearchText[])[]) =>
    Promise.resolve(
      indexOf(throughWorker({ kind: 'search-index', id: 1, documents: documents() })[0]),
    );

  it('once kept by the model, the catalogue lists the same results in the same order', async () => {
    const inThread = buildCatalogModel({ ...snapshot, varieties: [...snapshot.varieties] });
    const model = buildCatalogModel({ ...snapshot, varieties: [...snapshot.varieties] });
    let asked = 0;
    await model.prepareSearchIndex((documents) => {
      asked += 1;
      return viaWorker(documents);
    });
    // Asked once: a second prepare (another render) does not build it again.
    await model.prepareSearchIndex(() => Promise.reject(new Error('asked twice')));
    expect(asked).toBe(1);
    const query = DEFAULT_CATALOG_QUERY;
    const names = (built: typeof inThread, search: string) =>
      searchEntries(
        built,
        selectEntries(built, query, query),
        search,
        DEFAULT_SEARCH_TEXT_REPLACEMENTS,
      ).map((entry) => `${entry.product.variety.name}|${entry.rows.length}`);
    expect(names(inThread, 'red roses').length).toBeGreaterThan(10);
    for (const search of QUERIES)
      expect(names(model, search), search).toEqual(names(inThread, search));
  });

  it('a builder that already has the index does not ask for the documents', async () => {
    const model = buildCatalogModel({ ...snapshot, varieties: [...snapshot.varieties] });
    const index = buildCatalogModel(snapshot).searchIndex();
    await model.prepareSearchIndex((documents) => {
      void documents;
      return Promise.resolve(index);
    });
    expect(model.searchIndex()).toBe(index);
  });

  it('without a worker (its answer null), the first search builds the same index in-thread', async () => {
    const model = buildCatalogModel({ ...snapshot, varieties: [...snapshot.varieties] });
    await model.prepareSearchIndex(() => Promise.resolve(null));
    const reference = buildCatalogModel(snapshot).searchIndex();
    expect(searchIndex(model.searchIndex(), 'red roses')).toEqual(
      searchIndex(reference, 'red roses'),
    );
  });
});
