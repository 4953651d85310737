/**
 * RxDB schema of the synced `shopping_lists` collection (issue 25): each document is a whole
 * list, its items and its last run inside, as the server sends it, plus its change `seq`
 * (docs/architecture.md: one collection for lists, no collection for their items).
 */
import type { RxCollectionCreator, RxJsonSchema } from 'rxdb';
import { SHOPPING_LIST_MONEY, type ShoppingList } from '@stemline/shared';
import { centsMigration } from './schema-migrations';

export type ShoppingListDoc = ShoppingList & { seq: number };

const int = { type: 'integer' } as const;

export const shoppingListSchema: RxJsonSchema<ShoppingListDoc> = {
  // 1: prices in whole cents (schema-migrations.ts).
  version: 1,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 100 },
    name: { type: 'string' },
    items: { type: 'array', items: { type: 'object' } },
    last_prices_cents: { type: 'object' },
    last_run: { type: ['object', 'null'] },
    created_at: int,
    updated_at: int,
    seq: int,
  },
  required: ['key', 'name', 'items', 'created_at', 'seq'],
};

export const shoppingListCollection = {
  schema: shoppingListSchema,
  migrationStrategies: centsMigration(SHOPPING_LIST_MONEY),
} satisfies RxCollectionCreator<ShoppingListDoc>;
