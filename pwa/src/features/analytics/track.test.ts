import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStartSchemas } from '../../storage/start-schemas-loader';
import { track } from './track';

/** The analytics queue as localStorage holds it. */
let stored: Map<string, string>;

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('window', { addEventListener: vi.fn() });
  vi.stubGlobal('screen', { width: 1280, height: 800 });
  vi.stubGlobal('addEventListener', vi.fn());
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The props of the events queued once `send` has tracked its events. */
async function queuedAfter(send: () => void) {
  send();
  await loadStartSchemas();
  await Promise.resolve();
  const queued = JSON.parse(stored.get('stemline.analytics.queue') ?? '[]') as {
    props: { name: string };
  }[];
  return queued.map((event) => event.props);
}

const claimError = {
  claim_key: 'claim-0001',
  order_key: 'o-1042',
  order_number: 'PO-1042',
  line_nos: [1],
  message: 'That order was not found.',
};

describe('track', () => {
  it('queues a claim-error event for the next batch', async () => {
    expect(await queuedAfter(() => track('claim_error', claimError))).toEqual([
      { name: 'claim_error', ...claimError },
    ]);
  });

  it('drops an event the server would refuse, keeping the queue readable', async () => {
    const queued = await queuedAfter(() => {
      track('page_view', { path: '/shopping/home' });
      track('claim_error', { ...claimError, line_nos: [] });
    });
    expect(queued).toEqual([{ name: 'page_view', path: '/shopping/home' }]);
  });
});
