import { EventEmitter } from 'node:events';
import {
  SYNCED_COLLECTIONS,
  syncedCollectionSchema,
  type SyncedCollection,
} from '@stemline/shared';
import { z } from 'zod';
import type { NodeMessages } from './node-messages';
import type { SqlEngine } from './sql-engine';

export interface Poke {
  collections: SyncedCollection[];
}

const NEXT_SEQ = 'UPDATE change_seq SET value = value + 1 WHERE id = 1 RETURNING value';
const CURRENT_SEQ = 'SELECT value FROM change_seq WHERE id = 1';

/**
 * What the nodes tell each other. Anyone who may NOTIFY on the database could write on the
 * channel, so a message is checked before it is believed; one that does not parse is dropped.
 */
const feedMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('poke'),
    customer: z.string().min(1).max(200),
    collections: z.array(syncedCollectionSchema).max(SYNCED_COLLECTIONS.length),
  }),
  z.object({
    kind: z.literal('sessions_ended'),
    user: z.string().min(1).max(200),
    keep: z.string().max(200).optional(),
  }),
]);
type FeedMessage = z.infer<typeof feedMessageSchema>;

function parseMessage(text: string): FeedMessage | undefined {
  try {
    const parsed = feedMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's change sequence and who to tell about it. Every replicated write takes the next
 * `seq` inside its transaction; after the commit, `poke` tells that customer's open streams to
 * pull, and `endSessions` tells a user's streams to check their sessions. Both go out through
 * `messages` (db/node-messages.ts): in-process on one node, PostgreSQL LISTEN/NOTIFY across
 * nodes, so a change made through any node reaches the streams held by every node. When a node
 * may have missed messages (its listening connection came back), every stream it holds pulls
 * once and checks its session again.
 *
 * `next` and `current` run on the engine, in the caller's transaction (found by itself). The
 * counter is one row updated in place, so on PostgreSQL too its row lock orders the writers: a
 * transaction holding `seq` n commits before any other can take n + 1.
 */
export function createChangeFeed(engine: SqlEngine, messages: NodeMessages) {
  const pokes = new EventEmitter();
  pokes.setMaxListeners(0);
  // Keyed by user, apart from the customers' pokes.
  const sessions = new EventEmitter();
  sessions.setMaxListeners(0);

  const stopMessages = messages.subscribe((text) => {
    const message = parseMessage(text);
    if (message?.kind === 'poke') {
      pokes.emit(message.customer, { collections: message.collections } satisfies Poke);
    } else if (message?.kind === 'sessions_ended') {
      sessions.emit(message.user, message.keep);
    }
  });
  const stopResync = messages.onResync(() => {
    for (const customer of pokes.eventNames()) {
      pokes.emit(customer, { collections: [...SYNCED_COLLECTIONS] } satisfies Poke);
    }
    for (const user of sessions.eventNames()) sessions.emit(user, undefined);
  });
  const publish = (message: FeedMessage): void => {
    messages.publish(JSON.stringify(message)).catch((error: unknown) => {
      // The write is committed; a stream that misses this poke pulls on its next one, on
      // reconnect, or when this node's listening connection resyncs.
      console.error('[stemline] could not tell the other nodes about a change:', error);
    });
  };

  return {
    /** The next sequence number; await it inside the write's transaction. */
    async next(): Promise<number> {
      const row = await engine.one<{ value: number }>(NEXT_SEQ);
      if (!row) throw new Error('change_seq row is missing');
      return row.value;
    },
    /** The highest committed sequence number (or this transaction's own latest). */
    async current(): Promise<number> {
      return (await engine.one<{ value: number }>(CURRENT_SEQ))?.value ?? 0;
    },
    /** Tells every node's open streams of the customer to pull `collections`; after the commit. */
    poke(customerKey: string, collections: SyncedCollection[]): void {
      publish({ kind: 'poke', customer: customerKey, collections });
    },
    subscribe(customerKey: string, listener: (poke: Poke) => void): () => void {
      pokes.on(customerKey, listener);
      return () => pokes.off(customerKey, listener);
    },
    /**
     * Says that some sessions of a user may have ended (logout, password change, deactivation);
     * call after the commit. Each open stream of the user, on every node, checks its own session
     * again and ends if it no longer holds, except the stream of the session `keep` (a token
     * id): the device that changed its password, whose stream must last until its new token, in
     * flight in the answer, replaces it.
     */
    endSessions(userKey: string, keep?: string): void {
      publish({ kind: 'sessions_ended', user: userKey, ...(keep === undefined ? {} : { keep }) });
    },
    /** Hears that some of a user's sessions may have ended (see `endSessions`). */
    onSessionsEnded(userKey: string, listener: (keep: string | undefined) => void): () => void {
      sessions.on(userKey, listener);
      return () => sessions.off(userKey, listener);
    },
    /** Stops listening and closes `messages`. */
    async close(): Promise<void> {
      stopMessages();
      stopResync();
      await messages.close();
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
