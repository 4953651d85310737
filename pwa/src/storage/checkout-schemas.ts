/**
 * RxDB schemas of the synced collections of checkout (`orders`, `payment_cards`) and of
 * `favorites`. Documents are the server's, as pulled, plus their change `seq`; nested order rows
 * are kept as they come (the shared zod schema is their contract).
 */
import type { RxCollectionCreator, RxJsonSchema } from 'rxdb';
import { ORDER_MONEY, type Favorite, type Order, type SavedCard } from '@stemline/shared';
import { centsMigration } from './schema-migrations';

/**
 * `custom_boxes`, `ship_to` and `credit_applied_cents` are kept as pulled but left out of the
 * RxDB schema (they came after its first version, and nothing queries them). Orders placed before
 * boxes were ordered lack the first, orders placed before addresses reached orders the second,
 * orders placed before account credit the third.
 */
export type OrderDoc = Omit<Order, 'custom_boxes'> & {
  custom_boxes?: Order['custom_boxes'];
  seq: number;
};
export type FavoriteDoc = Favorite & { seq: number };
export type PaymentCardDoc = SavedCard & { seq: number };

const key = { type: 'string', maxLength: 100 } as const;
const text = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
const list = { type: 'array', items: { type: 'object' } } as const;

export const orderSchema: RxJsonSchema<OrderDoc> = {
  // 1: totals and prices in whole cents (schema-migrations.ts).
  version: 1,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key,
    number: text,
    status: text,
    purchase_date: int,
    created_at: { type: 'integer', minimum: 0, maximum: 1e15, multipleOf: 1 },
    updated_at: int,
    currency: text,
    lines: list,
    subtotal_cents: int,
    discount_rate: num,
    discount_cents: int,
    total_cents: int,
    payment: { type: 'object' },
    removed_products: list,
    first_order: bool,
    seq: int,
    // `custom_boxes`, `ship_to` and `credit_applied_cents` deliberately absent (see OrderDoc).
  } satisfies Omit<
    RxJsonSchema<OrderDoc>['properties'],
    'custom_boxes' | 'ship_to' | 'credit_applied_cents'
  > as RxJsonSchema<OrderDoc>['properties'],
  required: [
    'key',
    'number',
    'status',
    'purchase_date',
    'created_at',
    'lines',
    'total_cents',
    'seq',
  ],
  indexes: ['created_at'],
};

export const orderCollection = {
  schema: orderSchema,
  migrationStrategies: centsMigration(ORDER_MONEY),
} satisfies RxCollectionCreator<OrderDoc>;

export const favoriteSchema: RxJsonSchema<FavoriteDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key,
    favorite_key: text,
    variety_key: text,
    variety_name: text,
    created_at: int,
    seq: int,
  },
  required: ['key', 'favorite_key', 'variety_key', 'seq'],
};

export const paymentCardSchema: RxJsonSchema<PaymentCardDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key,
    brand: text,
    last4: text,
    exp_month: int,
    exp_year: int,
    holder_name: text,
    created_at: int,
    seq: int,
  },
  required: ['key', 'brand', 'last4', 'exp_month', 'exp_year', 'seq'],
};
