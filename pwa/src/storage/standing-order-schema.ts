/**
 * RxDB schema of the synced `standing_orders` collection (issue 25): each document is a whole
 * standing order, its schedule and lines inside, as the server sends it, plus its change `seq`
 * (docs/architecture.md: the 13th and last collection of the account database).
 */
import type { RxJsonSchema } from 'rxdb';
import type { StandingOrder } from '@stemline/shared';

/**
 * `custom_boxes` and `card_key` are kept as pulled but left out of the RxDB schema (as orders'
 * custom boxes are): adding them there would change the schema of databases already on devices.
 * Orders made before standing custom boxes, or before cards were chosen, lack them.
 */
export type StandingOrderDoc = Omit<StandingOrder, 'custom_boxes' | 'card_key'> & {
  custom_boxes?: StandingOrder['custom_boxes'];
  card_key?: StandingOrder['card_key'];
  seq: number;
};

const int = { type: 'integer' } as const;
const text = { type: 'string' } as const;

export const standingOrderSchema: RxJsonSchema<StandingOrderDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 100 },
    name: text,
    items: { type: 'array', items: { type: 'object' } },
    every_weeks: int,
    term_weeks: int,
    start_week: int,
    delivery_weekday: int,
    address: { type: ['string', 'null'] },
    status: text,
    price_policy: text,
    skipped_weeks: { type: 'array', items: { type: 'integer' } },
    week_changes: { type: 'object' },
    created_at: int,
    updated_at: int,
    seq: int,
    // `custom_boxes` and `card_key` deliberately absent (see StandingOrderDoc).
  } satisfies Omit<
    RxJsonSchema<StandingOrderDoc>['properties'],
    'custom_boxes' | 'card_key'
  > as RxJsonSchema<StandingOrderDoc>['properties'],
  required: ['key', 'name', 'items', 'start_week', 'status', 'seq'],
};
