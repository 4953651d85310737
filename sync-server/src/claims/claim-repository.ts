import type { Claim } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

/**
 * Claims of one customer: the synced `claims` table, the whole claim (its items and files) as
 * the doc, plus the order and status to find them by. A withdrawn claim is a tombstone, so
 * every device drops it and its lines are free again.
 */
export function createClaimRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'claims');
  const sql = {
    upsert: `INSERT INTO claims (customer_key, key, doc, seq, deleted, order_key, status)
      VALUES (?, ?, ?, ?, 0, ?, ?)
      ON CONFLICT (customer_key, key) DO UPDATE SET
        doc = excluded.doc, seq = excluded.seq, deleted = 0, status = excluded.status`,
    remove: 'UPDATE claims SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ?',
    ofOrder: 'SELECT doc FROM claims WHERE customer_key = ? AND order_key = ? AND deleted = 0',
    owner: 'SELECT customer_key FROM claims WHERE key = ?',
    groupOf: `SELECT pg.name FROM varieties v JOIN product_groups pg ON pg.key = v.product_group_key
      WHERE v.key = ?`,
    insertEvent:
      'INSERT INTO claim_events (customer_key, claim_key, line_no, error, created_at) VALUES (?, ?, ?, ?, ?)',
  };

  return {
    /** The name of a variety's product group ('' when unknown), as a claim result shows it. */
    async productGroupOf(varietyKey: string): Promise<string> {
      return (await engine.one<{ name: string }>(sql.groupOf, [varietyKey]))?.name ?? '';
    },
    get: (customerKey: string, key: string) => table.get<Claim>(customerKey, key),
    list: (customerKey: string) => table.list<Claim>(customerKey),
    async ofOrder(customerKey: string, orderKey: string): Promise<Claim[]> {
      const rows = await engine.all<{ doc: string }>(sql.ofOrder, [customerKey, orderKey]);
      return rows.map((row) => JSON.parse(row.doc) as Claim);
    },
    /** The customer whose claim has this key, deleted ones included; keys are global. */
    async ownerOf(key: string): Promise<string | undefined> {
      return (await engine.one<{ customer_key: string }>(sql.owner, [key]))?.customer_key;
    },
    async save(customerKey: string, claim: Claim, seq: number): Promise<void> {
      await engine.run(sql.upsert, [
        customerKey,
        claim.key,
        JSON.stringify(claim),
        seq,
        claim.order_key,
        claim.status,
      ]);
    },
    async delete(customerKey: string, key: string, seq: number): Promise<void> {
      await engine.run(sql.remove, [seq, customerKey, key]);
    },
    /** Spec §8: a failed claim item is logged as a claim error event. */
    async logError(
      customerKey: string,
      claimKey: string,
      lineNo: number | null,
      error: string,
      at: number,
    ): Promise<void> {
      await engine.run(sql.insertEvent, [customerKey, claimKey, lineNo, error, at]);
    },
  };
}
export type ClaimRepository = ReturnType<typeof createClaimRepository>;
