import type { MutationResult } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

/** A pushed mutation as the log keeps it: who sent it, and the result every replay answers. */
export interface LoggedMutation {
  id: string;
  customerKey: string;
  clientId: string;
  name: string;
  result: MutationResult;
  createdAt: number;
  appliedAt: number;
}

/**
 * The log of applied mutation ids that makes the push idempotent: a replayed id finds its first
 * result here. Statements run in the caller's transaction (each mutation's savepoint), so a
 * mutation and its log row are kept or undone together.
 */
export function createMutationLogRepository(engine: SqlExecutor) {
  return {
    /** The customer and stored result (JSON) of an id already applied, if any. */
    find: (id: string) =>
      engine.one<{ customer_key: string; result: string }>(
        'SELECT customer_key, result FROM mutations WHERE id = ?',
        [id],
      ),
    record: async (entry: LoggedMutation): Promise<void> => {
      await engine.run(
        `INSERT INTO mutations (id, customer_key, client_id, name, result, applied_seq, created_at, applied_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          entry.id,
          entry.customerKey,
          entry.clientId,
          entry.name,
          JSON.stringify(entry.result),
          entry.result.appliedSeq,
          entry.createdAt,
          entry.appliedAt,
        ],
      );
    },
  };
}
export type MutationLogRepository = ReturnType<typeof createMutationLogRepository>;
