import 'fake-indexeddb/auto';
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccountDb, removeAccountDb } from './account-db';
import { cartPageSchema, syncStateSchema, type CartPageDoc } from './account-schemas';
import { linesOfPages } from './cart-pages';
import { enableSchemaMigrations } from './schema-migrations';

const CUSTOMER = 'c-upgraded';

afterEach(async () => {
  await removeAccountDb(CUSTOMER);
});

/**
 * A device that used the app before the cart's lines moved into pages: its account database, on
 * RxDB's Dexie storage as the app opens it, holds lines one per document (`cart_lines` v1) and
 * the cart's checkpoint (`sync_state` v0). The app then opens it as it does now.
 */
describe('an account database from before the cart pages, opened by the app', () => {
  it('drops the old lines, restarts the cart’s pull from 0 and keeps the other checkpoints', async () => {
    const lineSchema = {
      ...cartPageSchema.properties.lines.items,
      version: 1,
      primaryKey: 'key',
    } as unknown as RxJsonSchema<Record<string, unknown>>;
    enableSchemaMigrations();
    const before = await createRxDatabase<{
      cart_lines: RxCollection<Record<string, unknown>>;
      sync_state: RxCollection<{ id: string; checkpoint: number }>;
    }>({ name: `stemline-acct-${CUSTOMER}`, storage: getRxStorageDexie(), multiInstance: false });
    await before.addCollections({
      cart_lines: { schema: lineSchema, migrationStrategies: { 1: (doc: unknown) => doc } },
      sync_state: { schema: { ...syncStateSchema, version: 0 } },
    });
    await before.cart_lines.bulkInsert([
      { key: '7-20261130', inventory_key: 7, eta_date: 20261130, boxes: 2, seq: 40 },
      { key: '9-20261130', inventory_key: 9, eta_date: 20261130, boxes: 1, seq: 41 },
    ]);
    await before.sync_state.bulkInsert([
      { id: 'cart_lines', checkpoint: 41 },
      { id: 'orders', checkpoint: 12 },
    ]);
    await before.close();

    const db = await openAccountDb(CUSTOMER);
    expect(await db.cart_lines.count().exec()).toBe(0);
    const checkpoints = (await db.sync_state.find().exec()).map((doc) => doc.toJSON());
    expect(checkpoints).toEqual([
      { id: 'cart_lines', checkpoint: 0 },
      { id: 'orders', checkpoint: 12 },
    ]);

    // The pages are written and read back as the replicator and the cart do.
    await db.cart_lines.bulkUpsert([
      {
        page: 'p1',
        lines: [{ key: '7-20261130', inventory_key: 7, eta_date: 20261130, boxes: 3, seq: 42 }],
      } as unknown as CartPageDoc,
    ]);
    const pages = (await db.cart_lines.find().exec()).map((doc) => doc.toJSON());
    expect(linesOfPages(pages)).toEqual([expect.objectContaining({ key: '7-20261130', boxes: 3 })]);
  });
});
