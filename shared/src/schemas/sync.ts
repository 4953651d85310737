import { z } from 'zod';
import {
  customerAddressArgsSchema,
  deleteAddressArgsSchema,
  updatePreferencesArgsSchema,
} from './address';
import { addToCartArgsSchema } from './cart';
import { boxChangesArgsSchema, deleteBoxesArgsSchema } from './cart-edits';
import { dismissNoticesArgsSchema } from './notices';
import { boxKeyArgsSchema, removeFromBoxArgsSchema, upsertCustomBoxArgsSchema } from './custom-box';
import { favoriteMutationArgsSchema } from './favorites';
import { extendHoldsArgsSchema, placeOrderArgsSchema } from './orders';

/** The mutations a client may queue, each with the schema of its args. */
export const mutationArgsSchemas = {
  add_to_cart: addToCartArgsSchema,
  execute_box_changes: boxChangesArgsSchema,
  delete_boxes: deleteBoxesArgsSchema,
  dismiss_notices: dismissNoticesArgsSchema,
  upsert_custom_box: upsertCustomBoxArgsSchema,
  remove_from_box: removeFromBoxArgsSchema,
  close_box: boxKeyArgsSchema,
  open_box: boxKeyArgsSchema,
  // Checkout, orders and favourites (sync-server/src/checkout, favorites).
  place_order: placeOrderArgsSchema,
  extend_expiration_boxes: extendHoldsArgsSchema,
  add_favorite: favoriteMutationArgsSchema,
  remove_favorite: favoriteMutationArgsSchema,
  // Delivery addresses and preferences (sync-server/src/customers).
  customer_address: customerAddressArgsSchema,
  delete_address: deleteAddressArgsSchema,
  update_preferences: updatePreferencesArgsSchema,
} as const;
export type MutationName = keyof typeof mutationArgsSchemas;
export const mutationNameSchema = z.enum(
  Object.keys(mutationArgsSchemas) as [MutationName, ...MutationName[]],
);

/** An intent in the outbox: immutable once written. */
export const mutationSchema = z.object({
  id: z.string().min(8).max(64),
  clientId: z.string().min(1).max(64),
  name: mutationNameSchema,
  args: z.unknown(),
  createdAt: z.number().int(),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const MAX_PUSH_BATCH = 100;

export const pushRequestSchema = z.object({
  clientId: z.string().min(1).max(64),
  mutations: z.array(mutationSchema).min(1).max(MAX_PUSH_BATCH),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const rejectionCodeSchema = z.enum([
  'sold_out',
  'box_limit',
  'offer_not_found',
  'invalid_args',
  'invalid_quantity',
  'box_full',
  'box_closed',
  'not_found',
  'cart_empty',
  'products_removed',
  'card_unusable',
  'conflict',
]);
export type RejectionCode = z.infer<typeof rejectionCodeSchema>;

/**
 * What the server decided for one mutation. `appliedSeq` is the change sequence at which its
 * writes committed: the client keeps the mutation in its overlay until its pull checkpoint has
 * reached it.
 */
export const mutationResultSchema = z.discriminatedUnion('status', [
  z.object({
    id: z.string(),
    status: z.literal('applied'),
    appliedSeq: z.number().int(),
    message: z.string().nullable(),
  }),
  z.object({
    id: z.string(),
    status: z.literal('rejected'),
    appliedSeq: z.number().int(),
    code: rejectionCodeSchema,
    message: z.string(),
  }),
]);
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushAnswerSchema = z.object({ results: z.array(mutationResultSchema) });
export type PushAnswer = z.infer<typeof pushAnswerSchema>;

/** Collections a client pulls by `seq` checkpoint. */
export const SYNCED_COLLECTIONS = [
  'cart_lines',
  'notices',
  'custom_boxes',
  'orders',
  'favorites',
  'payment_cards',
  'addresses',
] as const;
export const syncedCollectionSchema = z.enum(SYNCED_COLLECTIONS);
export type SyncedCollection = z.infer<typeof syncedCollectionSchema>;

export const pullQuerySchema = z.object({
  checkpoint: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/**
 * A page of changes. Documents carry `seq` and `_deleted` (tombstones). `checkpoint` is the
 * server's high-water mark when the page is the last one, so an idle collection still advances.
 */
export const pullAnswerSchema = z.object({
  documents: z.array(
    z.looseObject({ key: z.string(), seq: z.number().int(), _deleted: z.boolean() }),
  ),
  checkpoint: z.number().int(),
  hasMore: z.boolean(),
});
export type PullAnswer = z.infer<typeof pullAnswerSchema>;

/** A server notice to the buyer (a partial fill, an expired reservation, a changed price). */
export const noticeSchema = z.object({
  key: z.string(),
  kind: z.enum([
    'partial_fill',
    'reservation_expired',
    'price_changed',
    'rejected',
    'line_removed',
  ]),
  message: z.string(),
  created_at: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;
