import { z } from 'zod';

/** Spec §3 application state `entities.category`. */
export const categorySchema = z.object({
  key: z.string(),
  name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** Spec §3 application state `entities.color`: a colour and its swatch code (#RRGGBB). */
export const colorSchema = z.object({
  key: z.string(),
  name: z.string(),
  color_code: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
});
export type Color = z.infer<typeof colorSchema>;

/** Spec §3 application state `entities.product_group`, with the category it belongs to. */
export const productGroupSchema = z.object({
  key: z.string(),
  name: z.string(),
  category_key: z.string(),
  category_name: z.string(),
});
export type ProductGroup = z.infer<typeof productGroupSchema>;

/**
 * Spec §3 application state `entities.holidays`: a day the trade plans around. `no_delivery`
 * marks market holidays with no deliveries; `peak` marks demand peaks (order early).
 */
export const holidaySchema = z.object({
  key: z.string(),
  name: z.string(),
  /** yyyyMMdd. */
  date: z.number().int(),
  no_delivery: z.boolean(),
  peak: z.boolean(),
});
export type Holiday = z.infer<typeof holidaySchema>;

/**
 * Spec §3 Disclaimer: a title and description, matched by product group, variety, category or
 * grower. Exactly one of the four match fields is set; `disclaimersFor()` applies them.
 */
export const disclaimerSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  product_group: z.string().nullable(),
  variety: z.string().nullable(),
  category: z.string().nullable(),
  grower: z.string().nullable(),
});
export type Disclaimer = z.infer<typeof disclaimerSchema>;

/**
 * The catalogue entities served through `POST /api/load_all_by_model` (spec §3 application state
 * `entities`) to every token, a visitor's included; `disclaimer` rows come the same way.
 */
export const CATALOG_ENTITY_MODELS = [
  'category',
  'color',
  'grower',
  'holidays',
  'product_group',
  'disclaimer',
] as const;
export type CatalogEntityModel = (typeof CATALOG_ENTITY_MODELS)[number];

/** Spec §7 `/api/disclaimers` answer: every disclaimer, for matching on the device. */
export const disclaimersAnswerSchema = z.object({
  success: z.literal(true),
  results: z.array(disclaimerSchema),
});
export type DisclaimersAnswer = z.infer<typeof disclaimersAnswerSchema>;
