import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOG_QUERY,
  DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  searchIndex,
  type CatalogSnapshot,
  type SearchIndex,
  type SearchText,
  type Variety,
} from '@stemline/shared';
import { snapshot as fixture } from './catalog-fixture';
import { buildCatalogModel, searchDocuments } from './catalog-model';
import { searchEntries, selectEntries } from './catalog-view';
import { answerSearchIndexRequest, type SearchIndexAnswer } from './search-index-protocol';

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

/** What crossing to and from a Web Worker does to a message: a structured clone, arrays moved. */
function throughWorkerBoundary(documents: readonly (readonly SearchText[])[]): SearchIndex {
  const request = structuredClone({ id: 1, documents });
  const { answer, transfer } = answerSearchIndexRequest(request);
  return structuredClone<SearchIndexAnswer>(answer, { transfer }).index;
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

describe('the search index built by the worker', () => {
  const snapshot = largerSnapshot();

  it('answers every search exactly as the index built on the main thread', () => {
    const documents = searchDocuments(buildCatalogModel(snapshot).products);
    const inThread = buildCatalogModel(snapshot).searchIndex();
    const fromWorker = throughWorkerBoundary(documents);
    expect(fromWorker.size).toBe(inThread.size);
    for (const query of QUERIES)
      expect(searchIndex(fromWorker, query), query).toEqual(
        searchIndex(inThread, query, DEFAULT_SEARCH_TEXT_REPLACEMENTS),
      );
  });

  it('once kept by the model, the catalogue lists the same results in the same order', async () => {
    const inThread = buildCatalogModel({ ...snapshot, varieties: [...snapshot.varieties] });
    const viaWorker = buildCatalogModel({ ...snapshot, varieties: [...snapshot.varieties] });
    let asked = 0;
    await viaWorker.prepareSearchIndex((documents) => {
      asked += 1;
      return Promise.resolve(throughWorkerBoundary(documents));
    });
    // Asked once: a second prepare (another render) does not build it again.
    await viaWorker.prepareSearchIndex(() => Promise.reject(new Error('asked twice')));
    expect(asked).toBe(1);
    const query = DEFAULT_CATALOG_QUERY;
    const names = (model: typeof inThread, search: string) =>
      searchEntries(
        model,
        selectEntries(model, query, query),
        search,
        DEFAULT_SEARCH_TEXT_REPLACEMENTS,
      ).map((entry) => `${entry.product.variety.name}|${entry.rows.length}`);
    expect(names(inThread, 'red roses').length).toBeGreaterThan(10);
    for (const search of QUERIES)
      expect(names(viaWorker, search), search).toEqual(names(inThread, search));
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
