import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Messages between the server nodes that share one database: "customer C's collections changed,
 * pull" and "user U's sessions may have ended". One node (SQLite): an in-process emitter. Several
 * nodes (PostgreSQL): LISTEN/NOTIFY on one channel, so a change made through any node reaches the
 * event streams held by every node. A notification can be lost while a node's listening
 * connection is down; when it comes back, `onResync` listeners run so every stream pulls once,
 * and a lost notification loses nothing.
 */
export interface NodeMessages {
  publish(message: string): Promise<void>;
  subscribe(listener: (message: string) => void): () => void;
  /** Called after a reconnect: messages may have been missed. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process: messages go straight to its own listeners. */
export function localMessages(): NodeMessages {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (message) => {
      emitter.emit('message', message);
    },
    subscribe: (listener) => {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    onResync: () => () => undefined,
    close: async () => undefined,
  };
}

const CHANNEL = 'stemline_nodes';
/** PostgreSQL's limit on a NOTIFY payload is 8000 bytes; a poke is far smaller. */
const MAX_PAYLOAD = 7900;

/**
 * LISTEN/NOTIFY on `url`: one dedicated listening connection per node (reconnected with a
 * growing pause after a failure), and one short-lived query per published message.
 */
export async function postgresMessages(
  url: string,
  options: { retryMs?: number } = {},
): Promise<NodeMessages> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  let listener: pg.Client | null = null;
  let closed = false;
  let pause = options.retryMs ?? 250;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (note) => {
      if (note.channel === CHANNEL && note.payload !== undefined) {
        emitter.emit('message', note.payload);
      }
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener === client) listener = null;
      if (!closed) setTimeout(reconnect, pause).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  const reconnect = (): void => {
    if (closed) return;
    connect().then(
      () => {
        pause = options.retryMs ?? 250;
        emitter.emit('resync');
      },
      () => {
        pause = Math.min(pause * 2, 10_000);
        if (!closed) setTimeout(reconnect, pause).unref();
      },
    );
  };
  await connect();

  return {
    publish: async (message) => {
      if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error('node message too long');
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, message]);
    },
    subscribe: (fn) => {
      emitter.on('message', fn);
      return () => emitter.off('message', fn);
    },
    onResync: (fn) => {
      emitter.on('resync', fn);
      return () => emitter.off('resync', fn);
    },
    close: async () => {
      closed = true;
      await listener?.end();
      await publisher.end();
    },
  };
}
