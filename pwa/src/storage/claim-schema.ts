/**
 * RxDB schema of the synced `claims` collection (issue 24): each document is a whole claim, its
 * items and the keys of its photos and videos inside, as the server sends it, plus its change
 * `seq` (docs/architecture.md: one collection for claims, no collection for their lines).
 */
import type { RxCollectionCreator, RxJsonSchema } from 'rxdb';
import { CLAIM_MONEY, type Claim } from '@stemline/shared';
import { centsMigration } from './schema-migrations';

export type ClaimDoc = Claim & { seq: number };

const text = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const list = { type: 'array', items: { type: 'object' } } as const;

export const claimSchema: RxJsonSchema<ClaimDoc> = {
  // 1: amounts in whole cents (schema-migrations.ts).
  version: 1,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 100 },
    number: text,
    order_key: text,
    po: text,
    status: text,
    reason: text,
    comment: text,
    items: list,
    files: list,
    folder_key: text,
    total_claim_cents: int,
    created_at: { type: 'integer', minimum: 0, maximum: 1e15, multipleOf: 1 },
    submitted_at: int,
    reviewed_at: { type: ['integer', 'null'] },
    decided_at: { type: ['integer', 'null'] },
    credit_amount_cents: { type: ['integer', 'null'] },
    decline_reason: { type: ['string', 'null'] },
    seq: int,
  },
  required: ['key', 'number', 'order_key', 'status', 'items', 'created_at', 'seq'],
  indexes: ['created_at'],
};

export const claimCollection = {
  schema: claimSchema,
  migrationStrategies: centsMigration(CLAIM_MONEY),
} satisfies RxCollectionCreator<ClaimDoc>;
