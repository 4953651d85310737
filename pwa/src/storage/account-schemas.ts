import type { RxCollectionCreator, RxJsonSchema } from 'rxdb';
import {
  CART_LINE_MONEY,
  CUSTOM_BOX_MONEY,
  OUTBOX_PREVIEW_MONEY,
  type CartLine,
  type CustomBox,
  type Notice,
  type QueuedMutation,
} from '@stemline/shared';
import { centsMigration } from './schema-migrations';

/** A server document as stored locally: the shared shape plus its change `seq`. */
export type CartLineDoc = CartLine & { seq: number };
/** A page of the cart's lines as stored on the device (cart-pages.ts). */
export interface CartPageDoc {
  page: string;
  lines: CartLineDoc[];
}
export type NoticeDoc = Notice & { seq: number };
export type CustomBoxDoc = CustomBox & { seq: number };

/**
 * An outbox entry: the shared `QueuedMutation`. `name`, `args`, `clientId`, `createdAt` are the
 * immutable intent; `status` and the result fields record what the server said. `preview` holds
 * what the screen needs to draw the optimistic effect and is never sent.
 */
export type MutationDoc = QueuedMutation;

/** The pull checkpoint of one synced collection (`id` is the collection name; RxDB reserves `collection`). */
export interface SyncStateDoc {
  id: string;
  checkpoint: number;
}

const key = { type: 'string', maxLength: 100 } as const;
const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

/**
 * The fields of a cart line as pulled (version 1 of the lines' schema counted prices in whole
 * cents; version 2 stores them a page per record, cart-pages.ts). Kept as a schema of its own
 * so a page's lines are described field by field.
 */
const cartLineProperties = {
  key,
  inventory_key: int,
  variety_key: str,
  variety_name: str,
  color_code: str,
  grower_key: str,
  grower_name: str,
  country_iso: str,
  length: int,
  eta_date: int,
  boxes: int,
  uom: str,
  stems_per_bunch: int,
  bunches_in_box: int,
  price_at_add_cents: int,
  stem_price_cents: int,
  open_market: bool,
  reserved_until: { type: ['integer', 'null'] },
  added_at: int,
  updated_at: int,
  campaign_recipient: { type: ['string', 'null'] },
  seq: int,
  // `ship_to` is kept as pulled but left out: adding it would change the schema of databases
  // already on devices (as `custom_boxes` of orders, checkout-schemas.ts).
} satisfies Omit<RxJsonSchema<CartLineDoc>['properties'], 'ship_to'>;

/**
 * The cart's lines, a page of lines per document (cart-pages.ts): a catch-up of thousands of
 * lines writes a few dozen records instead of one per line. 2: pages instead of one document
 * per line; a device's older documents are dropped and its cart pulled again from the start
 * (`syncStateCollection`).
 */
export const cartPageSchema: RxJsonSchema<CartPageDoc> = {
  version: 2,
  primaryKey: 'page',
  type: 'object',
  properties: {
    page: key,
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: cartLineProperties,
        required: ['key', 'inventory_key', 'eta_date', 'boxes', 'seq'],
      },
    },
  },
  required: ['page', 'lines'],
};

export const noticeSchema: RxJsonSchema<NoticeDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: { key, kind: str, message: str, created_at: int, seq: int },
  required: ['key', 'kind', 'message', 'created_at', 'seq'],
};

export const mutationSchema: RxJsonSchema<MutationDoc> = {
  // 1: the prices in a queued add's or box's preview in whole cents (schema-migrations.ts).
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    clientId: str,
    name: str,
    args: { type: 'object' },
    createdAt: { type: 'integer', minimum: 0, maximum: 1e15, multipleOf: 1 },
    status: { type: 'string', maxLength: 10 },
    appliedSeq: int,
    code: str,
    message: str,
    preview: { type: 'object' },
  },
  required: ['id', 'clientId', 'name', 'args', 'createdAt', 'status'],
  indexes: ['createdAt', ['status', 'createdAt']],
};

export const syncStateSchema: RxJsonSchema<SyncStateDoc> = {
  // 1: the cart's checkpoint back to 0 when its lines moved into pages (`cartPageSchema`).
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: { id: key, checkpoint: int },
  required: ['id', 'checkpoint'],
};

export const customBoxSchema: RxJsonSchema<CustomBoxDoc> = {
  // 1: its items' prices in whole cents (schema-migrations.ts).
  version: 1,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key,
    grower_key: str,
    grower_name: str,
    country_iso: str,
    eta_date: int,
    items: { type: 'array', items: { type: 'object' } },
    fill_percent: num,
    closed: bool,
    number_boxes: int,
    campaign_recipient: { type: ['string', 'null'] },
    added_at: int,
    updated_at: int,
    seq: int,
  },
  required: ['key', 'grower_key', 'eta_date', 'items', 'seq'],
};

/** The collections' creators: each schema with the strategies that bring older documents up. */
export const cartLineCollection = {
  schema: cartPageSchema,
  migrationStrategies: {
    ...centsMigration(CART_LINE_MONEY),
    // A line stored as a document of its own: dropped, and pulled again into its page.
    2: () => null,
  },
} satisfies RxCollectionCreator<CartPageDoc>;
export const syncStateCollection = {
  schema: syncStateSchema,
  migrationStrategies: {
    1: (doc: SyncStateDoc) => (doc.id === 'cart_lines' ? { ...doc, checkpoint: 0 } : doc),
  },
} satisfies RxCollectionCreator<SyncStateDoc>;
export const customBoxCollection = {
  schema: customBoxSchema,
  migrationStrategies: centsMigration(CUSTOM_BOX_MONEY),
} satisfies RxCollectionCreator<CustomBoxDoc>;
export const mutationCollection = {
  schema: mutationSchema,
  migrationStrategies: centsMigration(OUTBOX_PREVIEW_MONEY),
} satisfies RxCollectionCreator<MutationDoc>;
