import {
  applyCatalogDelta,
  buildSearchIndex,
  decodeCatalogSnapshot,
  encodeCatalogSnapshot,
  type CatalogDeltaAnswer,
  type CatalogQuery,
  type FarmPreferences,
  type SearchIndex,
  type SearchText,
} from '@stemline/shared';
import { buildCatalogModel, type CatalogModel } from './catalog-model';
import { previewOf, type CatalogPreview } from './catalog-preview';
import { runSteps, type Steps } from './run-in-slices';

/**
 * The first screen of a view of a date's compact snapshot (catalog-preview.ts), then the search
 * index of the same model: the worker decodes and joins the copy once for both.
 */
export interface FirstScreenRequest {
  kind: 'first-screen';
  id: number;
  /** A copy of the compact snapshot's bytes, moved to the worker. */
  data: ArrayBuffer;
  hidePrices: boolean;
  farms: FarmPreferences;
  /** The view; one `canPreview` allows. */
  query: CatalogQuery;
  /** The buyer's favourite varieties, for the Favourites count. */
  favorites: ReadonlySet<string>;
  /** How many of the view's first entries to send. */
  count: number;
}

/** The search index of documents (the texts of each, by position) built elsewhere. */
export interface SearchIndexRequest {
  kind: 'search-index';
  id: number;
  documents: readonly (readonly SearchText[])[];
}

/**
 * A stored copy's bytes patched by a delta, encoded again: what the device keeps after a delta,
 * encoded here instead of on the page, which patches its decoded copy itself.
 */
export interface PatchRequest {
  kind: 'patch';
  id: number;
  data: ArrayBuffer;
  delta: CatalogDeltaAnswer;
}

export type CatalogWorkerRequest = FirstScreenRequest | SearchIndexRequest | PatchRequest;

export type CatalogWorkerAnswer =
  /** `preview` is null when the bytes are unreadable. */
  | { kind: 'first-screen'; id: number; preview: CatalogPreview | null }
  | { kind: 'search-index'; id: number; index: PackedSearchIndex | null }
  /** `data` is null when the bytes are unreadable or the delta does not patch them. */
  | { kind: 'patch'; id: number; data: ArrayBuffer | null };

/** An answer with the buffers to hand over (not copy) with it. */
export interface OutgoingAnswer {
  answer: CatalogWorkerAnswer;
  transfer: ArrayBuffer[];
}

/**
 * A search index in four parts, whatever its number of terms: a message of one array per term
 * (tens of thousands) costs the page a long task to receive, this one a copy of one string.
 */
export interface PackedSearchIndex {
  /** The terms joined by newlines (a term is letters and digits only). */
  terms: string;
  /** Where each term's postings start in `docs` and `weights`, and where the last one ends. */
  starts: Uint32Array;
  docs: Uint32Array;
  weights: Uint8Array;
  size: number;
}

/**
 * What the worker (catalog.worker.ts) answers to a request, in order: here so the same code can
 * be checked in-thread. A first-screen request is answered twice, first its first screen, then
 * the search index of the same model (null twice when the bytes are unreadable); the others once.
 */
export function* answerCatalogRequest(request: CatalogWorkerRequest): Generator<OutgoingAnswer> {
  const { id } = request;
  if (request.kind === 'patch') {
    const data = patchedBytes(request.data, request.delta);
    yield { answer: { kind: 'patch', id, data }, transfer: data ? [data] : [] };
    return;
  }
  if (request.kind === 'search-index') {
    yield searchIndexAnswer(id, buildSearchIndex(request.documents));
    return;
  }
  let model: CatalogModel;
  try {
    const snapshot = decodeCatalogSnapshot(request.data, { hidePrices: request.hidePrices });
    model = buildCatalogModel(snapshot, request.farms);
  } catch {
    yield { answer: { kind: 'first-screen', id, preview: null }, transfer: [] };
    yield { answer: { kind: 'search-index', id, index: null }, transfer: [] };
    return;
  }
  const preview = previewOf(model, request.query, request.favorites, request.count);
  yield { answer: { kind: 'first-screen', id, preview }, transfer: [] };
  yield searchIndexAnswer(id, model.searchIndex());
}

function patchedBytes(data: ArrayBuffer, delta: CatalogDeltaAnswer): ArrayBuffer | null {
  try {
    const patched = applyCatalogDelta(decodeCatalogSnapshot(data), delta);
    return patched.ok ? encodeCatalogSnapshot(patched.snapshot).buffer : null;
  } catch {
    return null;
  }
}

function searchIndexAnswer(id: number, index: SearchIndex): OutgoingAnswer {
  const packed = packSearchIndex(index);
  return {
    answer: { kind: 'search-index', id, index: packed },
    transfer: [packed.starts.buffer, packed.docs.buffer, packed.weights.buffer] as ArrayBuffer[],
  };
}

/** The index in the four parts of `PackedSearchIndex`. */
export function packSearchIndex(index: SearchIndex): PackedSearchIndex {
  const starts = new Uint32Array(index.terms.length + 1);
  let total = 0;
  index.postings.forEach((postings, term) => {
    starts[term] = total;
    total += postings.length;
  });
  starts[index.terms.length] = total;
  const docs = new Uint32Array(total);
  const weights = new Uint8Array(total);
  index.postings.forEach((postings, term) => docs.set(postings, starts[term]));
  index.weights.forEach((termWeights, term) => weights.set(termWeights, starts[term]));
  return { terms: index.terms.join('\n'), starts, docs, weights, size: index.size };
}

/** The index a `PackedSearchIndex` holds; each term's arrays are views of the packed ones. */
export function unpackSearchIndex(packed: PackedSearchIndex): SearchIndex {
  return runSteps(unpackSearchIndexSteps(packed));
}

/** Terms unpacked between two steps: a view of an array is cheap, tens of thousands are not. */
const UNPACK_STEP_TERMS = 4096;

/** `unpackSearchIndex` a step at a time (run-in-slices.ts). */
export function* unpackSearchIndexSteps(packed: PackedSearchIndex): Steps<SearchIndex> {
  const count = packed.starts.length - 1;
  const terms = count === 0 ? [] : packed.terms.split('\n');
  const postings = new Array<Uint32Array>(count);
  const weights = new Array<Uint8Array>(count);
  for (let term = 0; term < count; term++) {
    if (term % UNPACK_STEP_TERMS === UNPACK_STEP_TERMS - 1) yield;
    const start = packed.starts[term] ?? 0;
    const end = packed.starts[term + 1] ?? start;
    postings[term] = packed.docs.subarray(start, end);
    weights[term] = packed.weights.subarray(start, end);
  }
  return { terms, postings, weights, size: packed.size };
}
