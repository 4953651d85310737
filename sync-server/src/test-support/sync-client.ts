import {
  MAX_PUSH_BATCH,
  overlayCart,
  overlayNotices,
  pullAnswerSchema,
  pushAnswerSchema,
  type AddToCartPreview,
  type CartLine,
  type CatalogSnapshot,
  type MutationName,
  type MutationResult,
  type Notice,
  type QueuedMutation,
  type SyncedCollection,
} from '@stemline/shared';

/**
 * A small client of the sync protocol for tests: the same moves the PWA makes, without a
 * browser. It keeps a replica of each collection pulled by `seq` checkpoint (tombstones remove),
 * an outbox of mutations with ids, pushes the outbox in batches, retries a batch whose answer
 * was lost with the SAME ids, and shows the cart and notices through the overlay the PWA runs
 * (shared's `overlayCart`, `overlayNotices`).
 */

/** What the client calls the network with; tests wrap it to lose requests and answers. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** A network failure the client retries: the request or its answer never arrived. */
export class NetworkError extends Error {}

/** A queued mutation as the PWA stores it, with the server's whole answer once it came. */
export interface OutboxEntry extends QueuedMutation {
  result?: MutationResult;
}

export interface SyncClientOptions {
  baseUrl: string;
  token: string;
  clientId: string;
  /** The catalog the client browses: the cached figures its optimistic overlay uses. */
  catalog: CatalogSnapshot;
  collections?: readonly SyncedCollection[];
  transport?: Transport;
  /** Ids are `<clientId>-<n>` by default: deterministic, and unique per client. */
  nextId?: () => string;
  now?: () => number;
}

export interface SyncClient {
  readonly clientId: string;
  readonly outbox: readonly OutboxEntry[];
  /**
   * Queues an intent; nothing is sent until `push` or `sync`. Args are not checked here, so
   * tests can send what the server must refuse.
   */
  enqueue(name: MutationName, args: Record<string, unknown>): string;
  /** Sends up to one batch of pending mutations; throws NetworkError when the answer is lost. */
  push(): Promise<MutationResult[]>;
  /** Pulls one collection from its checkpoint until the server has nothing newer. */
  pull(collection: SyncedCollection): Promise<void>;
  /** Pushes the whole outbox and pulls every collection, retrying network failures. */
  sync(options?: { maxAttempts?: number }): Promise<void>;
  /** The pulled server documents of a collection (no overlay). */
  replica<T>(collection: SyncedCollection): T[];
  checkpoint(collection: SyncedCollection): number;
  /** The cart as the buyer sees it: replica plus unreflected mutations, by the shared rules. */
  visibleCart(): CartLine[];
  /** The notices the buyer sees: replica minus pending dismissals. */
  visibleNotices(): Notice[];
}

export function createSyncClient(options: SyncClientOptions): SyncClient {
  const collections = options.collections ?? (['cart_lines', 'notices'] as const);
  const transport: Transport = options.transport ?? ((url, init) => fetch(url, init));
  const now = options.now ?? Date.now;
  let counter = 0;
  const nextId = options.nextId ?? (() => `${options.clientId}-${(counter += 1)}`);
  const replicas = new Map<SyncedCollection, Map<string, Record<string, unknown>>>(
    collections.map((collection) => [collection, new Map()]),
  );
  const checkpoints = new Map<SyncedCollection, number>(collections.map((c) => [c, 0]));
  const outbox: OutboxEntry[] = [];
  const offers = new Map(options.catalog.offers.map((offer) => [offer.inventory_key, offer]));
  const varieties = new Map(options.catalog.varieties.map((variety) => [variety.key, variety]));
  const growers = new Map(options.catalog.growers.map((grower) => [grower.key, grower]));

  /** What the PWA stores beside an add: the catalogue figures the overlay decides it by. */
  function addToCartPreview(args: Record<string, unknown>): AddToCartPreview | undefined {
    const offer = offers.get(Number(args.inventory_key));
    const variety = offer && varieties.get(offer.variety_key);
    const grower = offer && growers.get(offer.grower_key);
    return offer && variety && grower ? { offer, variety, grower } : undefined;
  }

  async function call(pathname: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await transport(`${options.baseUrl}${pathname}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${options.token}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      });
    } catch (error) {
      throw error instanceof NetworkError ? error : new NetworkError(String(error));
    }
    if (response.status >= 500) throw new NetworkError(`server answered ${response.status}`);
    const body: unknown = await response.json();
    if (response.status !== 200) {
      throw new Error(`${pathname} answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return body;
  }

  function replicaOf(collection: SyncedCollection): Map<string, Record<string, unknown>> {
    const replica = replicas.get(collection);
    if (!replica) throw new Error(`this client does not replicate ${collection}`);
    return replica;
  }

  const client: SyncClient = {
    clientId: options.clientId,
    outbox,

    enqueue(name, args) {
      const id = nextId();
      const preview = name === 'add_to_cart' ? addToCartPreview(args) : undefined;
      outbox.push({
        id,
        clientId: options.clientId,
        name,
        args,
        createdAt: now(),
        status: 'pending',
        ...(preview ? { preview: { ...preview } } : {}),
      });
      return id;
    },

    async push() {
      const batch = outbox.filter((entry) => entry.status === 'pending').slice(0, MAX_PUSH_BATCH);
      if (batch.length === 0) return [];
      const body = await call('/api/sync/push', {
        method: 'POST',
        body: JSON.stringify({
          clientId: options.clientId,
          mutations: batch.map(({ id, name, args, createdAt }) => ({
            id,
            clientId: options.clientId,
            name,
            args,
            createdAt,
          })),
        }),
      });
      const { results } = pushAnswerSchema.parse(body);
      const byId = new Map(results.map((result) => [result.id, result]));
      for (const entry of batch) {
        const result = byId.get(entry.id);
        if (!result) throw new Error(`no result for mutation ${entry.id}`);
        entry.status = result.status;
        entry.appliedSeq = result.appliedSeq;
        entry.result = result;
      }
      return results;
    },

    async pull(collection) {
      const replica = replicaOf(collection);
      for (;;) {
        const checkpoint = checkpoints.get(collection) ?? 0;
        const query = new URLSearchParams({ checkpoint: String(checkpoint), limit: '200' });
        const page = pullAnswerSchema.parse(
          await call(`/api/sync/pull/${collection}?${query.toString()}`, { method: 'GET' }),
        );
        for (const { _deleted, ...doc } of page.documents) {
          if (_deleted) replica.delete(doc.key);
          else replica.set(doc.key, doc);
        }
        checkpoints.set(collection, page.checkpoint);
        if (!page.hasMore) return;
      }
    },

    async sync({ maxAttempts = 50 } = {}) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          while (outbox.some((entry) => entry.status === 'pending')) await client.push();
          for (const collection of collections) await client.pull(collection);
          return;
        } catch (error) {
          if (!(error instanceof NetworkError) || attempt >= maxAttempts) throw error;
          // Back off a little, as the PWA does, then resend the same pending ids.
          await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, 50)));
        }
      }
    },

    replica<T>(collection: SyncedCollection): T[] {
      return [...replicaOf(collection).values()] as T[];
    },

    checkpoint(collection) {
      return checkpoints.get(collection) ?? 0;
    },

    visibleCart() {
      const lines = overlayCart(
        client.replica<CartLine & { seq?: number }>('cart_lines'),
        outbox,
        checkpoints.get('cart_lines') ?? 0,
      );
      return lines.map(({ pendingBoxes: _boxes, pendingChange: _change, ...line }) => line);
    },

    visibleNotices() {
      return overlayNotices(
        client.replica<Notice & { seq?: number }>('notices'),
        outbox,
        checkpoints.get('notices') ?? 0,
      ).map(({ seq: _seq, ...notice }) => notice);
    },
  };
  return client;
}

/**
 * A transport that loses traffic by a seeded coin: before the request leaves (the server never
 * sees it) or after the server has answered (the server applied it; the client does not know).
 */
export function lossyTransport(
  chance: () => number,
  rates: { beforeSend: number; afterAnswer: number },
  inner: Transport = (url, init) => fetch(url, init),
): Transport & { lost: { beforeSend: number; afterAnswer: number } } {
  const lost = { beforeSend: 0, afterAnswer: 0 };
  const transport = async (url: string, init: RequestInit): Promise<Response> => {
    if (chance() < rates.beforeSend) {
      lost.beforeSend += 1;
      throw new NetworkError('request lost before it reached the server');
    }
    const response = await inner(url, init);
    if (chance() < rates.afterAnswer) {
      lost.afterAnswer += 1;
      await response.arrayBuffer();
      throw new NetworkError('answer lost on its way back');
    }
    return response;
  };
  return Object.assign(transport, { lost });
}
