import { EventEmitter } from 'node:events';
import type { SyncedCollection } from '@stemline/shared';
import type { Db } from '../db/database';

export interface Poke {
  collections: SyncedCollection[];
}

/**
 * The server's change sequence and who to tell about it. Every replicated write takes the next
 * `seq` inside its transaction; after the commit, `poke` tells that customer's open streams to
 * pull. One process: an in-memory emitter. Several processes would poll `change_seq` instead.
 */
export function createChangeFeed(db: Db) {
  const bump = db.prepare<[], { value: number }>(
    'UPDATE change_seq SET value = value + 1 WHERE id = 1 RETURNING value',
  );
  const read = db.prepare<[], { value: number }>('SELECT value FROM change_seq WHERE id = 1');
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);

  return {
    /** The next sequence number; call inside the write's transaction. */
    nextSeq(): number {
      const row = bump.get();
      if (!row) throw new Error('change_seq row is missing');
      return row.value;
    },
    /** The highest committed sequence number. */
    currentSeq(): number {
      return read.get()?.value ?? 0;
    },
    poke(customerKey: string, collections: SyncedCollection[]): void {
      emitter.emit(customerKey, { collections } satisfies Poke);
    },
    subscribe(customerKey: string, listener: (poke: Poke) => void): () => void {
      emitter.on(customerKey, listener);
      return () => emitter.off(customerKey, listener);
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
