import type { MutationResult } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

/** A pushed mutation as the log keeps it: who sent it, and when. */
export interface MutationClaim {
  id: string;
  customerKey: string;
  clientId: string;
  name: string;
  createdAt: number;
  appliedAt: number;
}

/**
 * The log of applied mutation ids that makes the push idempotent: a replayed id finds its first
 * result here. Statements run in the caller's transaction (each mutation's savepoint), so a
 * mutation and its log row are kept or undone together.
 *
 * An id is claimed before its mutation runs, with an insert that does nothing on a conflict: two
 * nodes that receive the same batch at the same time cannot both apply it. On PostgreSQL the
 * second node's insert waits for the first node's transaction, then conflicts (it committed) or
 * claims the id (it rolled back, or its node died); on SQLite one writer runs at a time.
 */
export function createMutationLogRepository(engine: SqlExecutor) {
  return {
    /** The customer and stored result (JSON) of an id already applied, if any. */
    find: (id: string) =>
      engine.one<{ customer_key: string; result: string }>(
        'SELECT customer_key, result FROM mutations WHERE id = ?',
        [id],
      ),
    /**
     * Takes the id for this mutation, with no result yet; false when another transaction holds
     * it (read its result with `find`). Settle the claim with `settle` in the same savepoint.
     */
    claim: async (entry: MutationClaim): Promise<boolean> => {
      const { changes } = await engine.run(
        `INSERT INTO mutations (id, customer_key, client_id, name, result, applied_seq, created_at, applied_at)
         VALUES (?, ?, ?, ?, '', 0, ?, ?) ON CONFLICT (id) DO NOTHING`,
        [entry.id, entry.customerKey, entry.clientId, entry.name, entry.createdAt, entry.appliedAt],
      );
      return changes === 1;
    },
    /** Stores the result every replay of a claimed id answers. */
    settle: async (id: string, result: MutationResult): Promise<void> => {
      await engine.run('UPDATE mutations SET result = ?, applied_seq = ? WHERE id = ?', [
        JSON.stringify(result),
        result.appliedSeq,
        id,
      ]);
    },
  };
}
export type MutationLogRepository = ReturnType<typeof createMutationLogRepository>;
