import type { BuyerEvent } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/**
 * A customer's events (the replicated `events` table, one document per event). Writes must run
 * inside the caller's transaction, with a `seq` taken in it.
 */
export function createEventRepository(db: Db) {
  const table = createSyncedTableSync(db, 'events');
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO events (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0`,
  );
  const tombstone = db.prepare<[number, string, string]>(
    'UPDATE events SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  const ownerOf = db.prepare<[string], string>('SELECT customer_key FROM events WHERE key = ?');

  return {
    get(customerKey: string, key: string): BuyerEvent | undefined {
      return table.get<BuyerEvent>(customerKey, key);
    },
    list(customerKey: string): BuyerEvent[] {
      return table.list<BuyerEvent>(customerKey);
    },
    /** True when another customer holds this key (live or deleted): keys are never shared. */
    takenByOther(customerKey: string, key: string): boolean {
      return ownerOf
        .pluck()
        .all(key)
        .some((owner) => owner !== customerKey);
    },
    save(customerKey: string, event: BuyerEvent, seq: number): void {
      upsert.run(customerKey, event.key, JSON.stringify(event), seq);
    },
    remove(customerKey: string, key: string, seq: number): void {
      tombstone.run(seq, customerKey, key);
    },
  };
}
export type EventRepository = ReturnType<typeof createEventRepository>;
