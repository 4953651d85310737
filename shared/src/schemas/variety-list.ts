import { z } from 'zod';
import { varietySchema } from './catalog';

export { varietyImageUrl } from '../rules/variety-image-url';
export * from './search-text-replacements';

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

/** `GET /api/variety/image/:key.svg`: a variety key as the seed writes them. */
export const varietyKeyParamSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a variety key');
