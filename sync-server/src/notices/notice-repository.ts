import type { Notice } from '@stemline/shared';
import type { Db } from '../db/database';

/** The synced `notices` of one customer: writes take a `seq` in the caller's transaction. */
export function createNoticeRepository(db: Db) {
  const insert = db.prepare<[string, string, string, number]>(
    'INSERT INTO notices (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)',
  );
  const tombstone = db.prepare<[number, string, string]>(
    'UPDATE notices SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  return {
    add(customerKey: string, notice: Notice, seq: number): void {
      insert.run(customerKey, notice.key, JSON.stringify(notice), seq);
    },
    /** Deletes a live notice (a tombstone); false when the customer has no such live notice. */
    dismiss(customerKey: string, key: string, seq: number): boolean {
      return tombstone.run(seq, customerKey, key).changes > 0;
    },
  };
}
export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
