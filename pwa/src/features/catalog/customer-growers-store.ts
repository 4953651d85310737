import type { CustomerGrower } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { sessionStore } from '../../session/session-store';
import {
  readCachedCustomerGrowers,
  writeCachedCustomerGrowers,
} from '../../storage/customer-growers-cache';
import { loadStartSchemas } from '../../storage/start-schemas-loader';

const NONE: readonly CustomerGrower[] = [];

/**
 * The app's `customerGrowers`: per customer, the farms they prefer or have blocked. Read from the
 * device's copy first (so offline it is the last list seen), replaced by the server's answer of
 * run `customer_grower_relationship` whenever `refresh` gets one. A list stays the same object
 * until its content changes, so what is built from it (the catalogue model) is kept.
 */
function createCustomerGrowersStore() {
  const lists = new Map<string, readonly CustomerGrower[]>();
  const listeners = new Set<() => void>();
  const inFlight = new Map<string, Promise<void>>();

  function get(customerKey: string): readonly CustomerGrower[] {
    let list = lists.get(customerKey);
    if (!list) {
      list = readCachedCustomerGrowers(customerKey) ?? NONE;
      lists.set(customerKey, list);
    }
    return list;
  }

  async function fetchList(customerKey: string): Promise<void> {
    const answer = await apiRequest<unknown>('/api/cs/run', {
      method: 'POST',
      body: { key: 'customer_grower_relationship', params: {} },
    });
    // Offline, refused (an email-only session) or malformed: the list seen last stays.
    const schemas = answer.success ? await loadStartSchemas().catch(() => null) : null;
    const parsed = schemas?.customerGrowersAnswerSchema.safeParse(answer.data);
    if (!parsed?.success) return;
    // The token sent is the session's at the time: an answer that outlived a switch of account
    // is another customer's list.
    if (sessionStore.get()?.user.metadata.customer !== customerKey) return;
    const results = parsed.data.results;
    writeCachedCustomerGrowers(customerKey, results);
    if (JSON.stringify(results) === JSON.stringify(get(customerKey))) return;
    lists.set(customerKey, results);
    for (const listener of listeners) listener();
  }

  return {
    get,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Asks the server for the customer's list; one request at a time per customer. */
    refresh(customerKey: string): Promise<void> {
      let pending = inFlight.get(customerKey);
      if (!pending) {
        pending = fetchList(customerKey).finally(() => inFlight.delete(customerKey));
        inFlight.set(customerKey, pending);
      }
      return pending;
    },
  };
}

export const customerGrowersStore = createCustomerGrowersStore();
