/// <reference lib="webworker" />
/**
 * The catalogue's search-index worker: builds a date's search index (tokens, singulars,
 * postings) off the main thread, where it was one long task of the catalogue's start-up
 * (issue 28). Answers each request with the index, its typed arrays handed over.
 */
import { answerSearchIndexRequest, type SearchIndexRequest } from './search-index-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<SearchIndexRequest>) => {
  const { answer, transfer } = answerSearchIndexRequest(event.data);
  scope.postMessage(answer, transfer);
};
