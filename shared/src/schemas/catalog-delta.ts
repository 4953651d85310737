import { z } from 'zod';

/** `GET /api/catalog/:date/delta?since=<version>&catalog=<catalogId>`. */
export const catalogDeltaQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'Expected a version number')
    .transform(Number),
  catalog: z.string().min(1).max(64).optional(),
});
export type CatalogDeltaQuery = z.infer<typeof catalogDeltaQuerySchema>;

const intArray = z.array(z.number().int());
const numberArray = z.array(z.number());

/**
 * Price rows changed after `since`, as parallel arrays. `keySteps` lists inventory keys in
 * ascending order as differences (the first key, then each key minus the one before), which
 * keeps a stock-only refresh small on the wire.
 */
export const catalogDeltaAnswerSchema = z.object({
  success: z.literal(true),
  date: z.number().int(),
  catalogId: z.string(),
  since: z.number().int(),
  /** The snapshot version after applying this delta. */
  version: z.number().int(),
  /**
   * True when the copy cannot be patched (another database, a version from the future, or so
   * many changes that the full snapshot is smaller): fetch the snapshot again. The arrays are
   * then empty.
   */
  reset: z.boolean(),
  stock: z.object({ keySteps: intArray, available: intArray }),
  /** Price changes (parts in mills, ratios as ratios); always empty for a token without a customer. */
  prices: z.object({
    keySteps: intArray,
    grower_price_mills: intArray,
    import_duties_tax: numberArray,
    freight_cost_mills: intArray,
    box_charge_mills: intArray,
    margin_discount: numberArray,
  }),
});
export type CatalogDeltaAnswer = z.infer<typeof catalogDeltaAnswerSchema>;

/** Ascending keys as steps; see `catalogDeltaAnswerSchema`. */
export function toKeySteps(keys: readonly number[]): number[] {
  return keys.map((key, i) => (i === 0 ? key : key - (keys[i - 1] ?? 0)));
}

/** The keys back from their steps. */
export function fromKeySteps(steps: readonly number[]): number[] {
  const keys: number[] = [];
  let key = 0;
  for (const step of steps) {
    key += step;
    keys.push(key);
  }
  return keys;
}
