import { z } from 'zod';
import { varietySchema } from './catalog';

const keyListSchema = z.array(z.string().min(1).max(64)).max(12_000);

/**
 * Spec §7 `/api/variety/list` (shape not given by the spec): active varieties, optionally only
 * those of the given keys, product groups, categories or colours, paged by `offset`/`limit`.
 */
export const varietyListBodySchema = z
  .strictObject({
    keys: keyListSchema.optional(),
    product_group: keyListSchema.optional(),
    category: keyListSchema.optional(),
    color: keyListSchema.optional(),
    offset: z.number().int().nonnegative().max(1_000_000).optional(),
    limit: z.number().int().positive().max(12_000).optional(),
  })
  .optional();
export type VarietyListBody = z.infer<typeof varietyListBodySchema>;

export const VARIETY_LIST_DEFAULT_LIMIT = 500;

/** A variety as listed: its catalogue fields, its image URL and its product note (or null). */
export const varietyListItemSchema = varietySchema.extend({
  image: z.string(),
  note: z.string().nullable(),
});
export type VarietyListItem = z.infer<typeof varietyListItemSchema>;

export const varietyListAnswerSchema = z.object({
  success: z.literal(true),
  total: z.number().int().nonnegative(),
  results: z.array(varietyListItemSchema),
});
export type VarietyListAnswer = z.infer<typeof varietyListAnswerSchema>;

/**
 * Spec §7 `/api/variety/search_text_replacement`: words buyers type and the catalogue word they
 * mean (hortensia → hydrangea). `text` is lower case, one or more words.
 */
export const searchTextReplacementSchema = z.object({
  text: z.string().min(1),
  replacement: z.string().min(1),
});
export type SearchTextReplacement = z.infer<typeof searchTextReplacementSchema>;

export const searchTextReplacementAnswerSchema = z.object({
  success: z.literal(true),
  results: z.array(searchTextReplacementSchema),
});
export type SearchTextReplacementAnswer = z.infer<typeof searchTextReplacementAnswerSchema>;

/** The synonyms call takes no options: an empty JSON body (POST) or none (GET). */
export const searchTextReplacementBodySchema = z.strictObject({}).optional();

/** `GET /api/variety/image/:key.svg`: a variety key as the seed writes them. */
export const varietyKeyParamSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a variety key');

/**
 * Where a variety's image is served. The query names what the drawing depends on (colour and
 * product group), so the URL changes when they do and the image can be cached forever.
 */
export function varietyImageUrl(variety: {
  key: string;
  color_code: string;
  product_group_key: string;
}): string {
  let hash = 0x811c9dc5;
  for (const char of `${variety.color_code.toLowerCase()}|${variety.product_group_key}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return `/api/variety/image/${encodeURIComponent(variety.key)}.svg?v=${hash.toString(36)}`;
}
