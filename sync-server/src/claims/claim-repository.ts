import type { Claim } from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/**
 * Claims of one customer: the synced `claims` table, the whole claim (its items and files) as
 * the doc, plus the order and status to find them by. A withdrawn claim is a tombstone, so
 * every device drops it and its lines are free again.
 */
export function createClaimRepository(db: Db) {
  const table = createSyncedTableSync(db, 'claims');
  const upsert = db.prepare<[string, string, string, number, string, string]>(
    `INSERT INTO claims (customer_key, key, doc, seq, deleted, order_key, status)
     VALUES (?, ?, ?, ?, 0, ?, ?)
     ON CONFLICT (customer_key, key) DO UPDATE SET
       doc = excluded.doc, seq = excluded.seq, deleted = 0, status = excluded.status`,
  );
  const remove = db.prepare<[number, string, string]>(
    'UPDATE claims SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ?',
  );
  const ofOrder = db.prepare<[string, string], { doc: string }>(
    'SELECT doc FROM claims WHERE customer_key = ? AND order_key = ? AND deleted = 0',
  );
  const taken = db.prepare<[string], { customer_key: string }>(
    'SELECT customer_key FROM claims WHERE key = ?',
  );
  const groupOf = db.prepare<[string], { name: string }>(
    `SELECT pg.name FROM varieties v JOIN product_groups pg ON pg.key = v.product_group_key WHERE v.key = ?`,
  );
  const insertEvent = db.prepare<[string, string, number | null, string, number]>(
    'INSERT INTO claim_events (customer_key, claim_key, line_no, error, created_at) VALUES (?, ?, ?, ?, ?)',
  );

  return {
    /** The name of a variety's product group ('' when unknown), as a claim result shows it. */
    productGroupOf(varietyKey: string): string {
      return groupOf.get(varietyKey)?.name ?? '';
    },
    get: (customerKey: string, key: string) => table.get<Claim>(customerKey, key),
    list: (customerKey: string) => table.list<Claim>(customerKey),
    ofOrder(customerKey: string, orderKey: string): Claim[] {
      return ofOrder.all(customerKey, orderKey).map((row) => JSON.parse(row.doc) as Claim);
    },
    /** The customer whose claim has this key, deleted ones included; keys are global. */
    ownerOf(key: string): string | undefined {
      return taken.get(key)?.customer_key;
    },
    save(customerKey: string, claim: Claim, seq: number): void {
      upsert.run(customerKey, claim.key, JSON.stringify(claim), seq, claim.order_key, claim.status);
    },
    delete(customerKey: string, key: string, seq: number): void {
      remove.run(seq, customerKey, key);
    },
    /** Spec §8: a failed claim item is logged as a claim error event. */
    logError(
      customerKey: string,
      claimKey: string,
      lineNo: number | null,
      error: string,
      at: number,
    ) {
      insertEvent.run(customerKey, claimKey, lineNo, error, at);
    },
  };
}
export type ClaimRepository = ReturnType<typeof createClaimRepository>;
