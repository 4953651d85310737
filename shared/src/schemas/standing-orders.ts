import { z } from 'zod';
import { MAX_BOXES_PER_PRICE_ROW } from '../constants';
import { etaDateSchema } from './catalog';
import { shoppingListKeySchema, shoppingListNameSchema } from './shopping-lists';

/** The frequencies and terms offered (issue 25): every week or every two weeks; 12 weeks or a year. */
export const STANDING_ORDER_EVERY = [1, 2] as const;
export const STANDING_ORDER_TERMS = [12, 52] as const;
export const MAX_STANDING_ORDERS = 20;
export const MAX_STANDING_ORDER_ITEMS = 50;
/** Ours: custom boxes on one standing order, and flowers in one of them. */
export const MAX_STANDING_CUSTOM_BOXES = 10;
export const MAX_STANDING_BOX_ITEMS = 20;

/**
 * Prices of a standing order are the catalogue's current prices of each delivery week, taken at
 * its cut-off, not fixed for the term: growers price week by week, and a fixed price would have
 * the marketplace carry a year of price risk. The screen says so before the buyer confirms.
 */
export const STANDING_ORDER_PRICE_POLICY = 'current_each_week' as const;

const keySchema = z.string().min(1).max(64);

export const standingOrderItemSchema = z.object({
  key: shoppingListKeySchema,
  variety_key: keySchema,
  variety_name: z.string().max(120),
  length: z.number().int().nonnegative().max(300),
  quantity: z.number().int().min(1).max(MAX_BOXES_PER_PRICE_ROW),
  grower_key: keySchema.nullable(),
});
export type StandingOrderItem = z.infer<typeof standingOrderItemSchema>;

/** One flower of a standing custom box: bunches of a variety at a length, from the box's farm. */
export const standingBoxItemSchema = z.object({
  variety_key: keySchema,
  variety_name: z.string().max(120),
  length: z.number().int().nonnegative().max(300),
  bunches: z.number().int().min(1).max(100),
});
export type StandingBoxItem = z.infer<typeof standingBoxItemSchema>;

/**
 * A custom box of a standing order (spec §2 'custom box for standing order'): bunches of several
 * flowers of ONE farm packed in one box, `boxes` of them each week. Each week it is packed from
 * that farm's rows of the delivery date, whole or not at all.
 */
export const standingCustomBoxSchema = z.object({
  key: shoppingListKeySchema,
  grower_key: keySchema,
  grower_name: z.string().max(120),
  items: z.array(standingBoxItemSchema).min(1).max(MAX_STANDING_BOX_ITEMS),
  boxes: z.number().int().min(1).max(MAX_BOXES_PER_PRICE_ROW),
});
export type StandingCustomBox = z.infer<typeof standingCustomBoxSchema>;

export const standingOrderStatusSchema = z.enum(['active', 'paused', 'cancelled']);

/** One standing order as the synced `standing_orders` collection holds it, schedule and lines inside. */
export const standingOrderSchema = z.object({
  key: z.string(),
  name: z.string(),
  items: z.array(standingOrderItemSchema),
  /** Documents stored before custom boxes came have none. */
  custom_boxes: z.array(standingCustomBoxSchema).default([]),
  every_weeks: z.union([z.literal(1), z.literal(2)]),
  term_weeks: z.union([z.literal(12), z.literal(52)]),
  /** The Monday (yyyyMMdd) of the first delivery week. */
  start_week: z.number().int(),
  /** ISO weekday of delivery in each week, Monday 1 to Friday 5. */
  delivery_weekday: z.number().int().min(1).max(5),
  address: z.string().nullable(),
  /**
   * The saved card each week's order is charged to. Null (or absent, on documents stored before
   * cards were chosen) means the newest usable saved card at each cut-off. A card removed since
   * makes no order that week, with the 'no card' notice.
   */
  card_key: z.string().nullable().optional(),
  status: standingOrderStatusSchema,
  price_policy: z.literal(STANDING_ORDER_PRICE_POLICY),
  /** Mondays of the weeks the buyer skipped. */
  skipped_weeks: z.array(z.number().int()),
  /**
   * One week's quantities by item or custom box key, by the week's Monday (as text); 0 leaves
   * it out that week.
   */
  week_changes: z.record(z.string(), z.record(z.string(), z.number().int())),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type StandingOrder = z.infer<typeof standingOrderSchema>;

const mondaySchema = etaDateSchema;
const cardKeySchema = z.string().min(1).max(64);

export const createStandingOrderArgsSchema = z
  .object({
    key: shoppingListKeySchema,
    name: shoppingListNameSchema,
    items: z.array(standingOrderItemSchema).max(MAX_STANDING_ORDER_ITEMS),
    custom_boxes: z.array(standingCustomBoxSchema).max(MAX_STANDING_CUSTOM_BOXES).optional(),
    every_weeks: z.union([z.literal(1), z.literal(2)]),
    term_weeks: z.union([z.literal(12), z.literal(52)]),
    start_week: mondaySchema,
    delivery_weekday: z.number().int().min(1).max(5),
    address: z.string().max(64).nullable().optional(),
    /** One of the caller's saved cards; left out, the server picks the default card. */
    card_key: cardKeySchema.nullable().optional(),
  })
  .refine((args) => args.items.length + (args.custom_boxes?.length ?? 0) > 0, {
    message: 'A standing order needs at least one item or custom box.',
  });
export type CreateStandingOrderArgs = z.infer<typeof createStandingOrderArgsSchema>;

export const setStandingOrderStatusArgsSchema = z.object({
  key: shoppingListKeySchema,
  status: standingOrderStatusSchema,
});

/** Charges a standing order's coming weeks to another of the caller's saved cards. */
export const setStandingOrderCardArgsSchema = z.object({
  key: shoppingListKeySchema,
  card_key: cardKeySchema,
});

export const skipStandingOrderWeekArgsSchema = z.object({
  key: shoppingListKeySchema,
  week: mondaySchema,
  skip: z.boolean(),
});

export const changeStandingOrderWeekArgsSchema = z.object({
  key: shoppingListKeySchema,
  week: mondaySchema,
  quantities: z.record(shoppingListKeySchema, z.number().int().min(0).max(MAX_BOXES_PER_PRICE_ROW)),
});
export type ChangeStandingOrderWeekArgs = z.infer<typeof changeStandingOrderWeekArgsSchema>;

/** `POST /api/standing_order/list_standing_order {customerKey}` (spec §7). */
export const listStandingOrderRequestSchema = z.object({
  customerKey: z.string().max(64).optional(),
});

/**
 * What closes a standing order's delivery, as `list_standing_order` answers it: the weeks of
 * `standing_order.disabled_weeks` (their Monday), and the no-delivery holidays of the coming year
 * (the market is closed that day, so that week's order is not made).
 */
export const standingClosuresSchema = z.object({
  disabled_weeks: z.array(z.number().int()),
  closed_days: z.array(z.object({ date: z.number().int(), name: z.string() })).default([]),
});
export type StandingClosures = z.infer<typeof standingClosuresSchema>;

/** One coming delivery of a standing order, for the 'delivery schedule' modal. */
export const standingDeliverySchema = z.object({
  order_key: z.string(),
  name: z.string(),
  week: z.number().int(),
  date: z.number().int(),
  skipped: z.boolean(),
  changed: z.boolean(),
  boxes: z.number().int(),
});
export type StandingDelivery = z.infer<typeof standingDeliverySchema>;
