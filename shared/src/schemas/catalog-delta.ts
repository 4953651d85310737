import { z } from 'zod/mini';

// zod/mini, tree-shakable: the catalogue's refresh reads the delta as it starts (issue 28).

export { fromKeySteps, toKeySteps } from '../catalog-codec/key-steps';

/** `GET /api/catalog/:date/delta?since=<version>&catalog=<catalogId>`. */
export const catalogDeltaQuerySchema = z.object({
  since: z.pipe(
    z.string().check(z.regex(/^\d{1,15}$/, 'Expected a version number')),
    z.transform(Number),
  ),
  catalog: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type CatalogDeltaQuery = z.infer<typeof catalogDeltaQuerySchema>;

const intArray = z.array(z.int());
const numberArray = z.array(z.number());

/**
 * Price rows changed after `since`, as parallel arrays. `keySteps` lists inventory keys in
 * ascending order as differences (the first key, then each key minus the one before), which
 * keeps a stock-only refresh small on the wire.
 */
export const catalogDeltaAnswerSchema = z.object({
  success: z.literal(true),
  date: z.int(),
  catalogId: z.string(),
  since: z.int(),
  /** The snapshot version after applying this delta. */
  version: z.int(),
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
