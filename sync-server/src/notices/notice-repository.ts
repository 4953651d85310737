import type { Notice } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

/** The synced `notices` of one customer: writes take a `seq` in the caller's transaction. */
export function createNoticeRepository(engine: SqlExecutor) {
  const sql = {
    insert: 'INSERT INTO notices (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)',
    tombstone:
      'UPDATE notices SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  };
  return {
    async add(customerKey: string, notice: Notice, seq: number): Promise<void> {
      await engine.run(sql.insert, [customerKey, notice.key, JSON.stringify(notice), seq]);
    },
    /** Deletes a live notice (a tombstone); false when the customer has no such live notice. */
    async dismiss(customerKey: string, key: string, seq: number): Promise<boolean> {
      return (await engine.run(sql.tombstone, [seq, customerKey, key])).changes > 0;
    },
  };
}
export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
