/// <reference lib="webworker" />
/**
 * The catalogue store worker (issue 28): stores a downloaded copy's record in IndexedDB off the
 * page's main thread, so that a first visit's page neither loads the store's code (Dexie) nor
 * handles IndexedDB's events while the buyer starts to browse. Answers each request once its
 * transaction has committed, or with the error that stopped it.
 */
import { answerStoreRequest, type StoreRequest } from './catalog-store-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<StoreRequest>) => {
  void answerStoreRequest(event.data).then((answer) => scope.postMessage(answer));
};
