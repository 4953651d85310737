import type { RxJsonSchema } from 'rxdb';
import type { SavedAddress } from '@stemline/shared';

/** A one-time delivery address as pulled from the server (`addresses`), plus its change `seq`. */
export type AddressDoc = SavedAddress & { seq: number };

const text = { type: 'string' } as const;
const int = { type: 'integer' } as const;

export const addressSchema: RxJsonSchema<AddressDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 100 },
    _KEY: text,
    address: text,
    city: text,
    state: text,
    zipcode: text,
    created_at: int,
    updated_at: int,
    seq: int,
  },
  required: [
    'key',
    '_KEY',
    'address',
    'city',
    'state',
    'zipcode',
    'created_at',
    'updated_at',
    'seq',
  ],
};
