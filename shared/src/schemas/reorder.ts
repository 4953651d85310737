import { z } from 'zod';
import { MAX_BOXES_PER_PRICE_ROW } from '../constants';
import { etaDateSchema } from './catalog';
import { runItemOutcomeInDollarsSchema } from './shopping-lists';

const keySchema = z.string().min(1).max(64);

/** At most this many items per re-order, and keys per `/find_by_keys`. */
export const MAX_REORDER_ITEMS = 200;

/**
 * A re-order item (spec §3: length, quantity, variety, grower, box_only,
 * repurchase_cartbox_item, substitute). `substitute` true lets the server propose the nearest
 * available offer when this one is not available; it never adds a substitute by itself.
 */
export const reorderItemSchema = z.object({
  length: z.number().int().nonnegative().max(300),
  quantity: z.number().int().min(1).max(MAX_BOXES_PER_PRICE_ROW),
  variety: keySchema,
  grower: keySchema,
  box_only: z.boolean().optional(),
  repurchase_cartbox_item: z.string().max(64).nullable().optional(),
  substitute: z.boolean().default(false),
});
export type ReorderItem = z.infer<typeof reorderItemSchema>;

/** `/repurchase_products {items, eta_date, address}` (spec §7). */
export const repurchaseRequestSchema = z.object({
  customer: z.string().max(64).optional(),
  items: z.array(reorderItemSchema).min(1).max(MAX_REORDER_ITEMS),
  eta_date: etaDateSchema,
  address: z.string().max(64).nullable().optional(),
});
export type RepurchaseRequest = z.infer<typeof repurchaseRequestSchema>;

/**
 * `reorder_products`, the queued re-order (offline "Order again"): the same items, date and
 * address as `/repurchase_products`, judged by the same rules when the server gets it. The
 * customer is the session's.
 */
export const reorderProductsArgsSchema = repurchaseRequestSchema.omit({ customer: true });
export type ReorderProductsArgs = z.infer<typeof reorderProductsArgsSchema>;

/**
 * What a re-order did (a spec answer: prices in dollars): every item's outcome, and the
 * unavailable and missing items counted.
 */
export const repurchaseAnswerSchema = z.object({
  success: z.literal(true),
  added: z.number().int(),
  unavailable: z.number().int(),
  missing: z.number().int(),
  messages: z.array(z.string()),
  results: z.array(runItemOutcomeInDollarsSchema),
});
export type RepurchaseAnswer = z.infer<typeof repurchaseAnswerSchema>;

/** `/find_by_keys {keys}`: varieties by key; one that no longer exists answers `exists: false`. */
export const findByKeysRequestSchema = z.object({
  keys: z.array(keySchema).min(1).max(MAX_REORDER_ITEMS),
});

/** `POST /api/purchase/load_last_order {user_key}`: the caller's own user key only. */
export const loadLastOrderRequestSchema = z.object({ user_key: z.string().min(1).max(64) });
