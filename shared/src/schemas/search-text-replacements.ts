import { z } from 'zod/mini';

// zod/mini, tree-shakable: the catalogue reads the synonyms as it starts (issue 28); the rest of
// the variety calls are in variety-list.ts.

/**
 * Spec §7 `/api/variety/search_text_replacement`: words buyers type and the catalogue word they
 * mean (hortensia → hydrangea). `text` is lower case, one or more words.
 */
export const searchTextReplacementSchema = z.object({
  text: z.string().check(z.minLength(1)),
  replacement: z.string().check(z.minLength(1)),
});
export type SearchTextReplacement = z.infer<typeof searchTextReplacementSchema>;

export const searchTextReplacementAnswerSchema = z.object({
  success: z.literal(true),
  results: z.array(searchTextReplacementSchema),
});
export type SearchTextReplacementAnswer = z.infer<typeof searchTextReplacementAnswerSchema>;

/** The synonyms call takes no options: an empty JSON body (POST) or none (GET). */
export const searchTextReplacementBodySchema = z.optional(z.strictObject({}));
