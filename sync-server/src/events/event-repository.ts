import type { BuyerEvent } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/**
 * A customer's events (the replicated `events` table, one document per event). Writes must run
 * inside the caller's transaction, with a `seq` taken in it.
 */
export function createEventRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'events');
  const sql = {
    owners: 'SELECT customer_key FROM events WHERE key = ?',
    liveCount: 'SELECT COUNT(*) AS n FROM events WHERE customer_key = ? AND deleted = 0',
  };

  return {
    get(customerKey: string, key: string): Promise<BuyerEvent | undefined> {
      return table.get<BuyerEvent>(customerKey, key);
    },
    list(customerKey: string): Promise<BuyerEvent[]> {
      return table.list<BuyerEvent>(customerKey);
    },
    /** How many live events the customer keeps. */
    async count(customerKey: string): Promise<number> {
      const row = await engine.one<{ n: number | string }>(sql.liveCount, [customerKey]);
      return Number(row?.n ?? 0);
    },
    /** True when another customer holds this key (live or deleted): keys are never shared. */
    async takenByOther(customerKey: string, key: string): Promise<boolean> {
      const owners = await engine.all<{ customer_key: string }>(sql.owners, [key]);
      return owners.some((row) => row.customer_key !== customerKey);
    },
    async save(customerKey: string, event: BuyerEvent, seq: number): Promise<void> {
      await table.put(customerKey, event, seq);
    },
    async remove(customerKey: string, key: string, seq: number): Promise<void> {
      await table.tombstone(customerKey, key, seq);
    },
  };
}
export type EventRepository = ReturnType<typeof createEventRepository>;
