import { z } from 'zod';
import { MAX_BOXES_PER_PRICE_ROW } from '../constants';
import { countrySchema, etaDateSchema, unitSchema } from './catalog';

const boxKeySchema = z.string().regex(/^cb-[A-Za-z0-9-]{6,60}$/, 'Expected a custom box key');
const inventorySchema = z.number().int().positive();
const bunchCountSchema = z.number().int().min(0).max(1000);
/**
 * Spec §3 cart box `number_boxes`: identical boxes of one content, at most 30 (§9 "Boxes per
 * option: max 30").
 */
export const numberBoxesSchema = z.number().int().min(1).max(MAX_BOXES_PER_PRICE_ROW);

/** One price row's bunches inside a custom box. Names and figures are copied in when written. */
export const customBoxItemSchema = z.object({
  inventory_key: z.number().int(),
  variety_key: z.string(),
  variety_name: z.string(),
  color_code: z.string(),
  length: z.number().int(),
  uom: unitSchema,
  stems_per_bunch: z.number().int(),
  bunches: z.number().int().positive(),
  percent_per_bunch: z.number(),
  /** The row's unit price, in whole cents. */
  stem_price_cents: z.number().int(),
});
export type CustomBoxItem = z.infer<typeof customBoxItemSchema>;

/** A custom box: bunches of several price rows of ONE grower, for one delivery date. */
export const customBoxSchema = z.object({
  key: z.string(),
  grower_key: z.string(),
  grower_name: z.string(),
  country_iso: countrySchema,
  eta_date: z.number().int(),
  items: z.array(customBoxItemSchema),
  fill_percent: z.number(),
  closed: z.boolean(),
  /** How many boxes of this content the buyer orders; stock is held for every one. */
  number_boxes: numberBoxesSchema,
  campaign_recipient: z.string().nullable(),
  added_at: z.number().int(),
  updated_at: z.number().int(),
});
export type CustomBox = z.infer<typeof customBoxSchema>;

/**
 * `upsert_custom_box`: set a box's content to exactly these bunches (creating it when the key is
 * new), `number_boxes` times over; without a count the box keeps its own (1 for a new box). The
 * client makes the key (`cb-` + a random id) so a box made offline keeps it.
 */
export const upsertCustomBoxArgsSchema = z.object({
  key: boxKeySchema,
  grower: z.string().min(1).max(64),
  eta_date: etaDateSchema,
  items: z.array(z.object({ inventory: inventorySchema, quantity: bunchCountSchema })).max(50),
  number_boxes: numberBoxesSchema.optional(),
  campaign_recipient: z.string().max(64).nullable().optional(),
});
export type UpsertCustomBoxArgs = z.infer<typeof upsertCustomBoxArgsSchema>;

/** `remove_from_box` / `remove_custom_box_item`: take one price row out of a box. */
export const removeFromBoxArgsSchema = z.object({ key: boxKeySchema, inventory: inventorySchema });
export type RemoveFromBoxArgs = z.infer<typeof removeFromBoxArgsSchema>;

/** `close_box` / `open_box`. */
export const boxKeyArgsSchema = z.object({ key: boxKeySchema });
export type BoxKeyArgs = z.infer<typeof boxKeyArgsSchema>;

/** `search_cartbox_key`: which cart boxes hold a price row or a variety (optionally on a date). */
export const searchCartboxKeyArgsSchema = z
  .object({
    inventory: inventorySchema.optional(),
    variety: z.string().min(1).max(64).optional(),
    eta_date: etaDateSchema.optional(),
  })
  .refine(
    (args) => args.inventory !== undefined || args.variety !== undefined,
    'Give inventory or variety',
  );
export type SearchCartboxKeyArgs = z.infer<typeof searchCartboxKeyArgsSchema>;

/** A new custom box key. */
export function newCustomBoxKey(randomId: string): string {
  return `cb-${randomId}`;
}
