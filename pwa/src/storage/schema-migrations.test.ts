import {
  createRxDatabase,
  type RxCollection,
  type RxCollectionCreator,
  type RxJsonSchema,
} from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cartLineCollection,
  cartPageSchema,
  mutationCollection,
  syncStateCollection,
  syncStateSchema,
} from './account-schemas';
import { orderCollection } from './checkout-schemas';
import { claimCollection } from './claim-schema';
import { enableSchemaMigrations } from './schema-migrations';

const open: { close: () => Promise<unknown> }[] = [];
let databases = 0;

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

/**
 * A device that stored `doc` under the collection's version-0 schema (the same schema with the
 * dollar fields it had then), then opens the collection as the app now does.
 */
async function upgraded(
  now: RxCollectionCreator,
  dollarFields: Record<string, unknown>,
  doc: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  enableSchemaMigrations();
  databases += 1;
  const name = `money-migration-${databases}`;
  const schema = now.schema as unknown as {
    primaryKey: string;
    properties: Record<string, unknown>;
    required?: string[];
  };
  const centsFields = Object.keys(schema.properties).filter((field) => field.endsWith('_cents'));
  const before = await createRxDatabase<{ docs: RxCollection<Record<string, unknown>> }>({
    name,
    storage: getRxStorageMemory(),
  });
  const beforeSchema = {
    ...schema,
    version: 0,
    properties: {
      ...Object.fromEntries(
        Object.entries(schema.properties).filter(([field]) => !centsFields.includes(field)),
      ),
      ...dollarFields,
    },
    required: (schema.required ?? []).map((field) => field.replace(/_cents$/, '')),
  };
  await before.addCollections({
    docs: { schema: beforeSchema as unknown as RxJsonSchema<unknown> },
  });
  await before.docs.insert(doc);
  await before.close();

  const after = await createRxDatabase<{ docs: RxCollection<Record<string, unknown>> }>({
    name,
    storage: getRxStorageMemory(),
  });
  open.push(after);
  await after.addCollections({ docs: now });
  const found = await after.docs.findOne(String(doc[schema.primaryKey])).exec();
  return found?.toJSON() ?? {};
}

const number = { type: 'number' } as const;

describe('money migrations of the account database', () => {
  it('turns an order’s totals and its lines’ prices into whole cents', async () => {
    const order = await upgraded(
      orderCollection,
      { subtotal: number, discount: number, total: number },
      {
        key: 'o-1',
        number: 'PO-1',
        status: 'placed',
        purchase_date: 20261118,
        created_at: 1,
        lines: [{ line_no: 1, stem_price: 1.6, cart_price: 1.6, total: 320 }],
        custom_boxes: [{ box_key: 'cb-1', items: [{ stem_price: 0.35 }], total: 10.5 }],
        subtotal: 330.5,
        discount: 49.58,
        credit_applied: 0.1,
        total: 280.82,
        seq: 4,
      },
    );
    expect(order).toMatchObject({
      subtotal_cents: 33_050,
      discount_cents: 4_958,
      credit_applied_cents: 10,
      total_cents: 28_082,
      lines: [{ stem_price_cents: 160, cart_price_cents: 160, total_cents: 32_000 }],
      custom_boxes: [{ items: [{ stem_price_cents: 35 }], total_cents: 1_050 }],
    });
  });

  it('turns a claim’s amounts into whole cents, keeping a missing credit null', async () => {
    const claim = await upgraded(
      claimCollection,
      { total_claim: number, credit_amount: { type: ['number', 'null'] } },
      {
        key: 'claim-0001',
        number: 'CL-1',
        order_key: 'o-1',
        status: 'submitted',
        items: [{ line_no: 1, unit_price: 1.5, total_claim: 15 }],
        created_at: 1,
        total_claim: 15,
        credit_amount: null,
        seq: 5,
      },
    );
    expect(claim).toMatchObject({
      total_claim_cents: 1500,
      credit_amount_cents: null,
      items: [{ unit_price_cents: 150, total_claim_cents: 1500 }],
    });
  });

  it('turns the offer of a queued add’s preview into mills and cents', async () => {
    const entry = await upgraded(
      mutationCollection,
      {},
      {
        id: 'm-1',
        clientId: 'c',
        name: 'add_to_cart',
        args: { variety: 'v' },
        createdAt: 1,
        status: 'pending',
        preview: {
          offer: { grower_price: 0.95, freight_cost: 18, box_charge: 4, stem_price: 1.6 },
        },
      },
    );
    expect(entry).toMatchObject({
      args: { variety: 'v' },
      preview: {
        offer: {
          grower_price_mills: 950,
          freight_cost_mills: 18_000,
          box_charge_mills: 4_000,
          stem_price_cents: 160,
        },
      },
    });
  });
});

describe('the cart’s lines moved into pages', () => {
  it('drops the lines a device stored one per document and pulls its cart again from the start', async () => {
    enableSchemaMigrations();
    databases += 1;
    const name = `cart-pages-migration-${databases}`;
    const lineSchema = {
      ...cartPageSchema.properties.lines.items,
      version: 1,
      primaryKey: 'key',
    } as unknown as RxJsonSchema<unknown>;
    const before = await createRxDatabase<{
      cart_lines: RxCollection<Record<string, unknown>>;
      sync_state: RxCollection<{ id: string; checkpoint: number }>;
    }>({ name, storage: getRxStorageMemory() });
    await before.addCollections({
      cart_lines: { schema: lineSchema, migrationStrategies: { 1: (doc: unknown) => doc } },
      sync_state: { schema: { ...syncStateSchema, version: 0 } },
    });
    await before.cart_lines.insert({
      key: '7-20261120',
      inventory_key: 7,
      eta_date: 20261120,
      boxes: 2,
      seq: 41,
    });
    await before.sync_state.bulkInsert([
      { id: 'cart_lines', checkpoint: 42 },
      { id: 'notices', checkpoint: 17 },
    ]);
    await before.close();

    const after = await createRxDatabase<{
      cart_lines: RxCollection<Record<string, unknown>>;
      sync_state: RxCollection<{ id: string; checkpoint: number }>;
    }>({ name, storage: getRxStorageMemory() });
    open.push(after);
    await after.addCollections({
      cart_lines: cartLineCollection as never,
      sync_state: syncStateCollection,
    });

    expect(await after.cart_lines.count().exec()).toBe(0);
    const checkpoints = (await after.sync_state.find().exec()).map((doc) => doc.toJSON());
    expect(checkpoints).toEqual([
      { id: 'cart_lines', checkpoint: 0 },
      { id: 'notices', checkpoint: 17 },
    ]);
  });
});
