import { z } from 'zod';

const amount = z.number().finite().nonnegative().max(100_000);

/**
 * `POST /api/catalog/offer_price` (staff only): new price components of one price row; the
 * components left out keep their value. The margin is a share (−0.9 … 10; negative is a
 * discount). At least one component must be given.
 */
export const offerPriceChangeArgsSchema = z
  .object({
    inventory_key: z.number().int().positive(),
    grower_price: amount.optional(),
    import_duties_tax: z.number().finite().min(0).max(10).optional(),
    freight_cost: amount.optional(),
    box_charge: amount.optional(),
    margin_discount: z.number().finite().min(-0.9).max(10).optional(),
  })
  .strict()
  .refine(
    (args) => Object.keys(args).some((key) => key !== 'inventory_key'),
    'Give at least one price component',
  );
export type OfferPriceChangeArgs = z.infer<typeof offerPriceChangeArgsSchema>;

/** What the price change did: the row's new unit price and how many cart lines follow it. */
export const offerPriceChangeAnswerSchema = z.object({
  success: z.literal(true),
  inventory_key: z.number().int(),
  stem_price: z.number(),
  previous_stem_price: z.number(),
  repriced_lines: z.number().int().nonnegative(),
  customers: z.number().int().nonnegative(),
});
export type OfferPriceChangeAnswer = z.infer<typeof offerPriceChangeAnswerSchema>;
