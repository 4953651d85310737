import { z } from 'zod';
import { COUNTRIES, UNITS } from '../constants';
import { isEtaDate } from '../eta-date-text';
import { disclaimerSchema } from './catalog-entities';

/**
 * A whole number sent as a number or as its digits (path and query parameters, form fields).
 * Not `z.coerce`: that reads '' and null as 0, true as 1, and ' 4e1 ' or '0x28' as 40.
 */
export function wholeNumberSchema(number: z.ZodNumber = z.number()) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    number.int(),
  );
}

export const etaDateSchema = wholeNumberSchema().refine(
  (value) => value >= 2000_01_01 && value <= 2999_12_31 && isEtaDate(value),
  'Expected a yyyyMMdd date',
);

export const countrySchema = z.enum(COUNTRIES);
export const unitSchema = z.enum(UNITS);
export type Unit = z.infer<typeof unitSchema>;

/** Spec §3 Grower. */
export const growerSchema = z.object({
  key: z.string(),
  grower_name: z.string(),
  country_iso: countrySchema,
  country_name: z.string(),
  importer: z.boolean(),
});
export type Grower = z.infer<typeof growerSchema>;

/** Spec §3 Variety: the identity and display fields the catalog list needs. */
export const varietySchema = z.object({
  key: z.string(),
  name: z.string(),
  product_group_key: z.string(),
  product_group_name: z.string(),
  category_key: z.string(),
  category_name: z.string(),
  color_key: z.string(),
  color_name: z.string(),
  color_code: z.string(),
  tags: z.array(z.string()),
  search_name: z.string(),
  rank: z.number(),
});
export type Variety = z.infer<typeof varietySchema>;

const mills = z.number().int().nonnegative();

/**
 * The price components of a per-grower price row (spec §3): the farm's price of one unit, and
 * the freight and box charge of one box, in whole mills (tenths of a cent: a farm quotes $0.285
 * a stem); the duties (on the farm price) and the margin (negative: a discount) as ratios, which
 * are not money. `stemPriceCents()` in rules/pricing combines them.
 */
export const priceComponentsSchema = z.object({
  grower_price_mills: mills,
  import_duties_tax: z.number().nonnegative(),
  freight_cost_mills: mills,
  box_charge_mills: mills,
  margin_discount: z.number(),
});
export type PriceComponents = z.infer<typeof priceComponentsSchema>;

/**
 * A per-grower price row ("offer"): one grower's stock of one variety at one length,
 * deliverable on any date of [eta_from, eta_to]. `available` counts units (stems, or bunches
 * when the unit is bunch).
 */
export const offerSchema = priceComponentsSchema.extend({
  inventory_key: z.number().int(),
  variety_key: z.string(),
  grower_key: z.string(),
  eta_from: z.number().int(),
  eta_to: z.number().int(),
  length: z.number().int(),
  stems_per_bunch: z.number().int().positive(),
  bunches_in_box: z.number().int().positive(),
  uom: unitSchema,
  packing_date: z.number().int(),
  open_market: z.boolean(),
  available: z.number().int().nonnegative(),
  /** The landed price of one unit, in whole cents (`stemPriceCents()` of the components). */
  stem_price_cents: z.number().int().nonnegative(),
});
export type Offer = z.infer<typeof offerSchema>;

/**
 * The catalog of one delivery date as the server publishes it. `version` is the highest change
 * sequence of its price rows: `GET /api/catalog/:date/delta?since=version` returns what changed
 * after it. `catalogId` names the seeded database, so a copy from another one is never patched.
 * When `pricesHidden` is true (a visitor's token, without a customer) every price field of every
 * offer is 0 and means "not shown": the buyer sees 'Log in to see prices'; stock stays real.
 */
export const catalogSnapshotSchema = z.object({
  date: z.number().int(),
  version: z.number().int(),
  generated_at: z.number().int(),
  growers: z.array(growerSchema),
  varieties: z.array(varietySchema),
  offers: z.array(offerSchema),
  catalogId: z.string(),
  pricesHidden: z.boolean(),
  /** Every disclaimer; `disclaimersFor()` picks those of a variety and grower. */
  disclaimers: z.array(disclaimerSchema),
  /** Product notes by variety key (only varieties that have one). */
  productNotes: z.record(z.string(), z.string()),
  /** Grower notes by grower key (only growers that have one). */
  growerNotes: z.record(z.string(), z.string()),
});
export type CatalogSnapshot = z.infer<typeof catalogSnapshotSchema>;
