import { z } from 'zod';
import { mutationNameSchema } from '../mutations/mutation-definitions';

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
  'address_required',
  'email_unverified',
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
    'claim_decided',
    'standing_order',
  ]),
  message: z.string(),
  created_at: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;
