import { z } from 'zod';
import { actualAddressSchema } from './address';
import { cartLineSchema } from './cart';
import { countrySchema, etaDateSchema, unitSchema } from './catalog';
import { customBoxItemSchema, customBoxSchema, numberBoxesSchema } from './custom-box';
import { cardBrandSchema } from './payments';

export const orderStatusSchema = z.enum(['placed', 'partially_cancelled', 'cancelled']);

/**
 * What staff or a grower recorded of a row's journey (issue 24), each time in epoch ms; absent
 * or null where the server's clock decides it (rules/order-life.ts). A recorded time only ever
 * brings a stage forward.
 */
export const orderFulfillmentSchema = z.object({
  confirmed_at: z.number().int().nullable().default(null),
  shipped_at: z.number().int().nullable().default(null),
  carrier: z.string().max(40).nullable().default(null),
  tracking_number: z.string().max(40).nullable().default(null),
  arrived_at: z.number().int().nullable().default(null),
});
export type OrderFulfillment = z.infer<typeof orderFulfillmentSchema>;
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** One purchase-order row: boxes of one price row for one delivery date, at the charged price. */
export const orderLineSchema = cartLineSchema
  .pick({
    inventory_key: true,
    variety_key: true,
    variety_name: true,
    color_code: true,
    grower_key: true,
    grower_name: true,
    country_iso: true,
    length: true,
    eta_date: true,
    boxes: true,
    uom: true,
    stems_per_bunch: true,
    bunches_in_box: true,
  })
  .extend({
    line_no: z.number().int().positive(),
    cart_line_key: z.string(),
    /** The unit price charged, in whole cents: the server's price when the order was placed. */
    stem_price_cents: z.number().int(),
    /** The unit price the cart showed; differs from `stem_price_cents` when the price changed. */
    cart_price_cents: z.number().int(),
    price_changed: z.boolean(),
    /** Unit price × units per box × boxes, exactly. */
    total_cents: z.number().int(),
    status: z.enum(['placed', 'cancelled']),
    cancelled_at: z.number().int().nullable(),
    fulfillment: orderFulfillmentSchema.optional(),
  });
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One price row's bunches in an ordered custom box, charged at the price when ordered. */
export const orderBoxItemSchema = customBoxItemSchema.omit({ percent_per_bunch: true }).extend({
  /** The unit price charged (`stem_price_cents`); `cart_price_cents` is the one the box showed. */
  cart_price_cents: z.number().int(),
  price_changed: z.boolean(),
});
export type OrderBoxItem = z.infer<typeof orderBoxItemSchema>;

/** A closed custom box ordered at checkout: one grower's bunches in one box, one date. */
export const orderCustomBoxSchema = customBoxSchema
  .pick({
    grower_key: true,
    grower_name: true,
    country_iso: true,
    eta_date: true,
    fill_percent: true,
  })
  .extend({
    box_key: z.string(),
    items: z.array(orderBoxItemSchema),
    /** Identical boxes of these items; absent (one box) on boxes ordered before it existed. */
    number_boxes: numberBoxesSchema.optional(),
    /** The price of every box of it. */
    total_cents: z.number().int(),
    status: z.enum(['placed', 'cancelled']),
    cancelled_at: z.number().int().nullable(),
    fulfillment: orderFulfillmentSchema.optional(),
  });
export type OrderCustomBox = z.infer<typeof orderCustomBoxSchema>;

/** A cart product that checkout could not order, and why. */
export const removedProductSchema = z.object({
  variety_name: z.string(),
  boxes: z.number().int(),
  eta_date: z.number().int(),
  reason: z.string(),
});
export type RemovedProduct = z.infer<typeof removedProductSchema>;

/**
 * A purchase order as the buyer's devices see it (the synced `orders` collection). Totals count
 * the lines not cancelled, in whole cents; `discount_rate` is the share taken off (0.15 on a
 * referred customer's first order).
 */
export const orderSchema = z.object({
  key: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  purchase_date: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  currency: z.literal('USD'),
  lines: z.array(orderLineSchema),
  /** Closed custom boxes ordered with the lines; orders placed before boxes were ordered lack it. */
  custom_boxes: z.array(orderCustomBoxSchema).default([]),
  subtotal_cents: z.number().int(),
  discount_rate: z.number(),
  discount_cents: z.number().int(),
  /**
   * Account credit taken off this order (a credited claim's amount, issue 24); `total_cents` is
   * what is left after it. Orders placed before credits were applied lack it.
   */
  credit_applied_cents: z.number().int().min(0).optional(),
  total_cents: z.number().int(),
  payment: z.object({ card_key: z.string(), brand: cardBrandSchema, last4: z.string() }),
  removed_products: z.array(removedProductSchema),
  first_order: z.boolean(),
  /** Where the order ships (issue 27); orders placed before addresses reached orders lack it. */
  ship_to: z.nullable(actualAddressSchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** A client-made order key: lets a queued order be found once the server has placed it. */
export const orderKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8–64 letters, digits, - or _');

/**
 * `place_order` (queued mutation, REST `POST /api/checkout/place_order` and run op): orders every
 * orderable line of the caller's cart, paid with a saved card.
 */
export const placeOrderArgsSchema = z.object({
  customer: z.string().max(64).optional(),
  order_key: orderKeySchema.optional(),
  card_key: z.string().min(1).max(64),
});
export type PlaceOrderArgs = z.infer<typeof placeOrderArgsSchema>;

/** `extend_expiration_boxes` (queued mutation and run op): asks for the holds rule of checkout. */
export const extendHoldsArgsSchema = z.object({ customer: z.string().max(64).optional() });

/** `POST /api/checkout/review` body. */
export const checkoutReviewArgsSchema = z.object({ customer: z.string().max(64).optional() });

/** `po_list_orders` params: newest first, paged. */
export const listOrdersParamsSchema = z.object({
  customer: z.string().max(64).optional(),
  status: orderStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** `po_list_orders_by_purchase_date` params: an inclusive range of yyyyMMdd purchase dates. */
export const listOrdersByDateParamsSchema = z
  .object({
    customer: z.string().max(64).optional(),
    from: etaDateSchema,
    to: etaDateSchema,
  })
  .refine((range) => range.from <= range.to, {
    message: 'from must not be after to',
    path: ['to'],
  });

/** `get_po_order_detail` and `cancel_order` params. */
export const orderRefParamsSchema = z.object({
  customer: z.string().max(64).optional(),
  order_key: z.string().min(1).max(64),
});

/** `cancel_box_order` params: one purchase-order row of an order. */
export const cancelBoxOrderParamsSchema = orderRefParamsSchema.extend({
  line_no: z.coerce.number().int().positive().max(10_000),
});

/** The short form the order lists answer with. */
export interface OrderSummary {
  key: string;
  number: string;
  status: OrderStatus;
  purchase_date: number;
  created_at: number;
  boxes: number;
  total_cents: number;
  eta_dates: number[];
}

/** Summarises an order for lists: live boxes and the arrival dates they cover. */
export function summarizeOrder(order: Order): OrderSummary {
  const live = order.lines.filter((line) => line.status === 'placed');
  return {
    key: order.key,
    number: order.number,
    status: order.status,
    purchase_date: order.purchase_date,
    created_at: order.created_at,
    // An ordered custom box is as many boxes as its count.
    boxes:
      live.reduce((sum, line) => sum + line.boxes, 0) +
      order.custom_boxes
        .filter((box) => box.status === 'placed')
        .reduce((sum, box) => sum + (box.number_boxes ?? 1), 0),
    total_cents: order.total_cents,
    eta_dates: [
      ...new Set([...order.lines, ...order.custom_boxes].map((row) => row.eta_date)),
    ].sort((a, b) => a - b),
  };
}

/** One cart line as checkout would order it now: the current price beside the price at add. */
export const reviewLineSchema = z.object({
  key: z.string(),
  variety_name: z.string(),
  grower_name: z.string(),
  country_iso: countrySchema,
  length: z.number().int(),
  eta_date: z.number().int(),
  boxes: z.number().int(),
  uom: unitSchema,
  stems_per_bunch: z.number().int(),
  bunches_in_box: z.number().int(),
  cart_price_cents: z.number().int(),
  stem_price_cents: z.number().int(),
  price_changed: z.boolean(),
  total_cents: z.number().int(),
  open_market: z.boolean(),
  reserved_until: z.number().int().nullable(),
});
export type ReviewLine = z.infer<typeof reviewLineSchema>;

/**
 * `POST /api/checkout/review`: what placing the order now would do, without doing it — the
 * lines it would order at today's prices, the ones it would remove, and the totals.
 */
export const checkoutReviewSchema = z.object({
  success: z.literal(true),
  lines: z.array(reviewLineSchema),
  /** The closed custom boxes it would order, at today's prices. */
  custom_boxes: z.array(orderCustomBoxSchema).default([]),
  removed_products: z.array(removedProductSchema),
  subtotal_cents: z.number().int(),
  discount_rate: z.number(),
  discount_cents: z.number().int(),
  /** The customer's account credit now, and the part of it this order would take. */
  credit_available_cents: z.number().int().default(0),
  credit_applied_cents: z.number().int().default(0),
  total_cents: z.number().int(),
  guest: z.boolean(),
  server_now: z.number().int(),
});
export type CheckoutReview = z.infer<typeof checkoutReviewSchema>;

/** `place_order` answered over REST: the order placed (also synced) and what was removed. */
export const placeOrderAnswerSchema = z.object({
  success: z.literal(true),
  result: orderSchema,
  message: z.string().nullable(),
});
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswerSchema>;
