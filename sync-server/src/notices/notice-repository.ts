import type { Notice } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/** The synced `notices` of one customer: writes take a `seq` in the caller's transaction. */
export function createNoticeRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'notices');
  const sql = {
    insert: 'INSERT INTO notices (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)',
  };
  return {
    async add(customerKey: string, notice: Notice, seq: number): Promise<void> {
      await engine.run(sql.insert, [customerKey, notice.key, JSON.stringify(notice), seq]);
    },
    /** Deletes a live notice (a tombstone); false when the customer has no such live notice. */
    async dismiss(customerKey: string, key: string, seq: number): Promise<boolean> {
      return table.tombstone(customerKey, key, seq);
    },
  };
}
export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
