import { describe, expect, it } from 'vitest';
import type { DeletedProduct } from '@stemline/shared';
import { createDeletedProductsFeed, type DeletedProductsCalls } from './deleted-products-feed';

const product = (key: string): DeletedProduct => ({
  key,
  variety_key: 'v-1',
  variety_name: 'Rose Freedom',
  inventory_key: 7,
  eta_date: 20261130,
  boxes: 1,
  reason: 'reservation_expired',
  created_at: 1,
});

interface FakeServer {
  online: boolean;
  listed: DeletedProduct[];
  acknowledgements: string[][];
  calls: DeletedProductsCalls;
}

/** A server holding `listed` until acknowledged, whose network is up while `online` is. */
function fakeServer(listed: DeletedProduct[]): FakeServer {
  const server: FakeServer = {
    online: true,
    listed,
    acknowledgements: [],
    calls: {
      list: () => Promise.resolve(server.online ? [...server.listed] : null),
      acknowledge: (keys) => {
        if (!server.online) return Promise.resolve(false);
        server.acknowledgements.push([...keys]);
        server.listed = server.listed.filter((p) => !keys.includes(p.key));
        return Promise.resolve(true);
      },
    },
  };
  return server;
}

describe('createDeletedProductsFeed', () => {
  it('shows what the server lists, and once acknowledged tells the server and shows it no more', async () => {
    const server = fakeServer([product('a'), product('b')]);
    const feed = createDeletedProductsFeed(server.calls);
    const shown = await feed.unseen();
    expect(shown.map((p) => p.key)).toEqual(['a', 'b']);
    await feed.acknowledge(shown);
    expect(server.acknowledgements).toEqual([['a', 'b']]);
    expect(await feed.unseen()).toEqual([]);
  });

  it('shows nothing while the server cannot be asked', async () => {
    const server = fakeServer([product('a')]);
    server.online = false;
    expect(await createDeletedProductsFeed(server.calls).unseen()).toEqual([]);
  });

  it('does not show again what was acknowledged offline, and sends it before the next list', async () => {
    const server = fakeServer([product('a')]);
    const feed = createDeletedProductsFeed(server.calls);
    const shown = await feed.unseen();
    server.online = false;
    await feed.acknowledge(shown);
    expect(server.acknowledgements).toEqual([]);

    server.online = true;
    server.listed.push(product('c'));
    expect((await feed.unseen()).map((p) => p.key)).toEqual(['c']);
    expect(server.acknowledgements).toEqual([['a']]);
  });

  it('acknowledges a long list in calls the server takes (200 keys at most)', async () => {
    const many = Array.from({ length: 450 }, (_, i) => product(`k-${i}`));
    const server = fakeServer(many);
    const feed = createDeletedProductsFeed(server.calls);
    await feed.acknowledge(await feed.unseen());
    expect(server.acknowledgements.map((keys) => keys.length)).toEqual([200, 200, 50]);
    expect(server.listed).toEqual([]);
  });
});
