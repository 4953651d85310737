import type { RxJsonSchema } from 'rxdb';
import type { BuyerEvent } from '@stemline/shared';

/** A buyer's event as stored locally (the synced `events` collection): the shared shape plus `seq`. */
export type EventDoc = BuyerEvent & { seq: number };

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

export const eventSchema: RxJsonSchema<EventDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 100 },
    name: str,
    date: int,
    venue_address: str,
    notes: str,
    created_at: int,
    updated_at: int,
    seq: int,
  },
  required: ['key', 'name', 'date', 'seq'],
};
