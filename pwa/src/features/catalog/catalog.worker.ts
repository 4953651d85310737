/// <reference lib="webworker" />
/**
 * The catalogue worker (issue 28): decodes and joins a date's compact snapshot off the main
 * thread to answer the first screen of a view (catalog-preview.ts), then builds the search index
 * of the same model; or builds a search index of documents sent to it. Each answer goes as soon
 * as it is ready, its buffers handed over, not copied.
 */
import { answerCatalogRequest, type CatalogWorkerRequest } from './catalog-worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<CatalogWorkerRequest>) => {
  for (const { answer, transfer } of answerCatalogRequest(event.data)) {
    scope.postMessage(answer, transfer);
  }
};
