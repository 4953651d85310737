import { z } from 'zod';

/** Why the server took a product out of a cart: a 30-minute hold ended, or the offer is gone. */
export const deletedProductReasonSchema = z.enum(['reservation_expired', 'unavailable']);
export type DeletedProductReason = z.infer<typeof deletedProductReasonSchema>;

/**
 * A product the server took out of a customer's cart, kept until the buyer has seen it. `key`
 * is the record's own, as `delete_product` acknowledges it.
 */
export const deletedProductSchema = z.object({
  key: z.string(),
  variety_key: z.string(),
  variety_name: z.string(),
  inventory_key: z.number().int(),
  eta_date: z.number().int(),
  boxes: z.number().int(),
  reason: deletedProductReasonSchema,
  created_at: z.number().int(),
});
export type DeletedProduct = z.infer<typeof deletedProductSchema>;

/** At most this many products are acknowledged by one `delete_product` call. */
export const MAX_ACKNOWLEDGED_PRODUCTS = 200;

/**
 * `POST /api/customer/get_customer_delete_products {customer?}` (spec §7). `customer`, when
 * sent, must be the caller's own: the server reads the customer from the token.
 */
export const deletedProductsRequestSchema = z.object({ customer: z.string().max(64).optional() });

/**
 * `POST /api/customer/delete_product {products, customer?}` (spec §7): the buyer has seen these
 * deleted products (their keys).
 */
export const acknowledgeDeletedProductsArgsSchema = z.object({
  customer: z.string().max(64).optional(),
  products: z.array(z.string().min(1).max(128)).min(1).max(MAX_ACKNOWLEDGED_PRODUCTS),
});
export type AcknowledgeDeletedProductsArgs = z.infer<typeof acknowledgeDeletedProductsArgsSchema>;

/** `delete_product`'s answer: how many of the keys were the caller's and not yet acknowledged. */
export const acknowledgeDeletedProductsAnswerSchema = z.object({
  success: z.literal(true),
  acknowledged: z.number().int(),
});

/** `POST /api/customer/get_customer_delete_products`: the caller's products not yet seen. */
export const deletedProductsAnswerSchema = z.object({
  success: z.literal(true),
  results: z.array(deletedProductSchema),
});
