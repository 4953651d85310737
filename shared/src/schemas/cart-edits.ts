import { z } from 'zod';
import { MAX_BOXES_PER_PRICE_ROW } from '../constants';

const cartKeySchema = z.string().min(1).max(64);

/** A whole number of boxes from 0 (remove the line) to the per-row cap; digits-only strings allowed. */
export const boxCountSchema = z
  .union([
    z.number(),
    z
      .string()
      // Form fields may pad the number; nothing longer than a padded count is one.
      .max(16)
      .trim()
      .regex(/^\d{1,3}$/, 'Expected a whole number of boxes'),
  ])
  .transform(Number)
  .pipe(z.number().int().min(0).max(MAX_BOXES_PER_PRICE_ROW));

/** `execute_box_changes` / `validate_box_changes`: set the box count of cart lines. */
export const boxChangesArgsSchema = z.object({
  changes: z
    .array(z.object({ key: cartKeySchema, boxes: boxCountSchema }))
    .min(1)
    .max(50),
});
export type BoxChangesArgs = z.infer<typeof boxChangesArgsSchema>;

/** `delete_boxes`: remove cart lines, returning their stock. */
export const deleteBoxesArgsSchema = z.object({
  keys: z.array(cartKeySchema).min(1).max(100),
});
export type DeleteBoxesArgs = z.infer<typeof deleteBoxesArgsSchema>;

/** What one box change did, or would do (validate). */
export const boxChangeResultSchema = z.object({
  key: z.string(),
  status: z.enum(['applied', 'rejected']),
  boxes: z.number().int(),
  message: z.string().nullable(),
});
export type BoxChangeResult = z.infer<typeof boxChangeResultSchema>;
