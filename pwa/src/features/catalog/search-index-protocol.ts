import { buildSearchIndex, type SearchIndex, type SearchText } from '@stemline/shared';

/** What the page asks the search-index worker: the texts of each document, by position. */
export interface SearchIndexRequest {
  id: number;
  documents: readonly (readonly SearchText[])[];
}

/** The worker's answer: the index built from the request's documents. */
export interface SearchIndexAnswer {
  id: number;
  index: SearchIndex;
}

/**
 * Builds the answer to a request, with the typed arrays to hand over (not copy) with it: what the
 * worker runs (search-index.worker.ts), here so the same code can be checked in-thread.
 */
export function answerSearchIndexRequest(request: SearchIndexRequest): {
  answer: SearchIndexAnswer;
  transfer: ArrayBuffer[];
} {
  const index = buildSearchIndex(request.documents);
  const transfer = [...index.postings, ...index.weights].map(
    (array) => array.buffer as ArrayBuffer,
  );
  return { answer: { id: request.id, index }, transfer };
}
