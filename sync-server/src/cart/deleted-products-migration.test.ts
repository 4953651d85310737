import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { describeMigrationOnBothEngines } from '../test-support/migration-check';

/** The migration that drops `deleted_products.acknowledged`, which nothing set any more. */
const DROP = migrations.findIndex(
  (migration) =>
    typeof migration === 'string' &&
    migration.includes('ALTER TABLE deleted_products DROP COLUMN acknowledged'),
);

describe('the migration that drops deleted_products.acknowledged', () => {
  it('is in the list', () => {
    expect(DROP).toBeGreaterThan(0);
  });

  describeMigrationOnBothEngines('keeps the unseen products and forgets the seen ones', DROP, {
    // Two products of one guest as the older schema kept them: one still unseen, one seen.
    async fill(engine) {
      const row = `INSERT INTO deleted_products (customer_key, key, variety_key, variety_name,
          inventory_key, eta_date, boxes, reason, created_at, acknowledged)
        VALUES ('c-guest', ?, 'v', 'Freedom', 7, 20261120, 2, 'reservation_expired', 1, ?)`;
      await engine.run(row, ['unseen', 0]);
      await engine.run(row, ['seen', 1]);
    },
    async check(engine) {
      const rows = await engine.all<{ key: string }>('SELECT key FROM deleted_products');
      expect(rows.map((row) => row.key)).toEqual(['unseen']);
      await expect(engine.all('SELECT acknowledged FROM deleted_products')).rejects.toThrow();
    },
  });
});
