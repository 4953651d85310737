import { z } from 'zod';

/** Up to $100,000 in whole mills (tenths of a cent). */
const mills = z.number().int().nonnegative().max(100_000_000);

/**
 * `POST /api/catalog/offer_price` (staff only): new price components of one price row; the
 * components left out keep their value. The farm price, freight and box charge are whole mills
 * (tenths of a cent), as the row keeps them; the duties and the margin are shares (the margin
 * −0.9 … 10; negative is a discount). At least one component must be given.
 */
export const offerPriceChangeArgsSchema = z
  .object({
    inventory_key: z.number().int().positive(),
    grower_price_mills: mills.optional(),
    import_duties_tax: z.number().finite().min(0).max(10).optional(),
    freight_cost_mills: mills.optional(),
    box_charge_mills: mills.optional(),
    margin_discount: z.number().finite().min(-0.9).max(10).optional(),
  })
  .strict()
  .refine(
    (args) => Object.keys(args).some((key) => key !== 'inventory_key'),
    'Give at least one price component',
  );
export type OfferPriceChangeArgs = z.infer<typeof offerPriceChangeArgsSchema>;

/** What the price change did: the row's new unit price (cents) and how many cart lines follow it. */
export const offerPriceChangeAnswerSchema = z.object({
  success: z.literal(true),
  inventory_key: z.number().int(),
  stem_price_cents: z.number().int(),
  previous_stem_price_cents: z.number().int(),
  repriced_lines: z.number().int().nonnegative(),
  customers: z.number().int().nonnegative(),
});
export type OfferPriceChangeAnswer = z.infer<typeof offerPriceChangeAnswerSchema>;
