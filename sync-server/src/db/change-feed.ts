import { EventEmitter } from 'node:events';
import type { SyncedCollection } from '@stemline/shared';
import type { Db } from './database';
import type { SqlEngine } from './sql-engine';

export interface Poke {
  collections: SyncedCollection[];
}

const NEXT_SEQ = 'UPDATE change_seq SET value = value + 1 WHERE id = 1 RETURNING value';
const CURRENT_SEQ = 'SELECT value FROM change_seq WHERE id = 1';

/**
 * The server's change sequence and who to tell about it. Every replicated write takes the next
 * `seq` inside its transaction; after the commit, `poke` tells that customer's open streams to
 * pull. One process: an in-memory emitter. Several processes would poll `change_seq` instead.
 *
 * `next` and `current` run on the engine (in the caller's transaction, found by itself) and are
 * what code moved onto the engine uses; `nextSeq` and `currentSeq` are their synchronous,
 * SQLite-only forms for code not moved yet (issue 23), removed once every caller awaits. The
 * counter is one row updated in place, so on PostgreSQL too its row lock orders the writers:
 * a transaction holding `seq` n commits before any other can take n + 1.
 */
export function createChangeFeed(db: Db, engine: SqlEngine) {
  const bump = db.prepare<[], { value: number }>(NEXT_SEQ);
  const read = db.prepare<[], { value: number }>(CURRENT_SEQ);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Keyed by user, apart from the customers' pokes.
  const sessions = new EventEmitter();
  sessions.setMaxListeners(0);

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
    /** `next`, synchronously, for code not yet on the engine (SQLite only). */
    nextSeq(): number {
      const row = bump.get();
      if (!row) throw new Error('change_seq row is missing');
      return row.value;
    },
    /** `current`, synchronously, for code not yet on the engine (SQLite only). */
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
    /**
     * Says that some sessions of a user may have ended (logout, password change, deactivation);
     * call after the commit. Each open stream of the user checks its own session again and ends
     * if it no longer holds, except the stream of the session `keep` (a token id): the device
     * that changed its password, whose stream must last until its new token, in flight in the
     * answer, replaces it.
     */
    endSessions(userKey: string, keep?: string): void {
      sessions.emit(userKey, keep);
    },
    /** Hears that some of a user's sessions may have ended (see `endSessions`). */
    onSessionsEnded(userKey: string, listener: (keep: string | undefined) => void): () => void {
      sessions.on(userKey, listener);
      return () => sessions.off(userKey, listener);
    },
  };
}
export type ChangeFeed = ReturnType<typeof createChangeFeed>;
