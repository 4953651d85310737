import { z } from 'zod';
import { actualAddressSchema, addressKeySchema } from './address';
import { countrySchema, etaDateSchema, unitSchema, wholeNumberSchema } from './catalog';

/** Spec §5: quantity is parsed as an integer, default 0. */
export function parseQuantity(value: unknown): number {
  // parseInt(String(5e-7)) is 5: numbers are truncated, not re-read from their text.
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const parsed = Number.parseInt(String(value), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * The cart add payload (spec §3), plus the optional `inventory_key` that names the exact price
 * row. `customer` and `user` are accepted for compatibility but the server takes both from the
 * token, never from the body.
 */
export const addToCartArgsSchema = z.object({
  customer: z.string().max(64).optional(),
  user: z.string().max(64).optional(),
  /** The `_KEY` of the delivery address the boxes ship to ('main' or a one-time address). */
  address: addressKeySchema.nullable().optional(),
  variety: z.string().min(1).max(64),
  grower: z.string().min(1).max(64),
  length: wholeNumberSchema(z.number().nonnegative()),
  eta_date: etaDateSchema,
  // Form fields send text and the API numbers; anything else (objects, arrays) is not a quantity.
  quantity: z.preprocess(
    (value) => (typeof value === 'object' && value !== null ? value : parseQuantity(value)),
    z.number().int(),
  ),
  box_only: z.boolean().optional(),
  campaign_recipient: z.string().max(64).nullable().optional(),
  inventory_key: z.number().int().positive().optional(),
});
export type AddToCartArgs = z.infer<typeof addToCartArgsSchema>;

/** One cart line: boxes of one price row for one delivery date. Names are copied in at add time. */
export const cartLineSchema = z.object({
  key: z.string(),
  inventory_key: z.number().int(),
  variety_key: z.string(),
  variety_name: z.string(),
  color_code: z.string(),
  grower_key: z.string(),
  grower_name: z.string(),
  country_iso: countrySchema,
  length: z.number().int(),
  eta_date: z.number().int(),
  boxes: z.number().int().positive(),
  uom: unitSchema,
  stems_per_bunch: z.number().int(),
  bunches_in_box: z.number().int(),
  /** The unit price when the boxes were added, in whole cents. */
  price_at_add_cents: z.number().int(),
  /** The unit price now (a staff price change moves it), in whole cents. */
  stem_price_cents: z.number().int(),
  open_market: z.boolean(),
  reserved_until: z.number().int().nullable(),
  added_at: z.number().int(),
  updated_at: z.number().int(),
  /** The event (spec: campaign recipient) the boxes are for, when the buyer named one. */
  campaign_recipient: z.string().nullable().optional(),
  /**
   * The address these boxes ship to, copied in when added (the add payload's `address` key).
   * Lines added without one (older lines, a shopping-list run) ship to the address selected at
   * checkout.
   */
  ship_to: z.nullable(actualAddressSchema).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * A cart line's key: one line per price row, delivery date and delivery address, the same on
 * client and server. A line added without an address keeps the key it always had.
 */
export function cartLineKey(
  inventoryKey: number,
  etaDate: number,
  addressKey?: string | null,
): string {
  return addressKey ? `${inventoryKey}-${etaDate}-${addressKey}` : `${inventoryKey}-${etaDate}`;
}

/**
 * A cart line as the spec's cart calls answer it: its two prices in dollars (`price_at_add`,
 * `stem_price`), as they always were (`cartLineInDollars` makes it).
 */
export const cartLineInDollarsSchema = cartLineSchema
  .omit({ price_at_add_cents: true, stem_price_cents: true })
  .extend({ price_at_add: z.number(), stem_price: z.number() });
export type CartLineInDollars = z.infer<typeof cartLineInDollarsSchema>;

/** POST /api/cart_box/add_to_cart answer (spec §7). */
export const addToCartAnswerSchema = z.object({
  success: z.boolean(),
  items: z.array(cartLineInDollarsSchema),
  error: z.string().nullable(),
});
export type AddToCartAnswer = z.infer<typeof addToCartAnswerSchema>;

/** A cart group of spec §3: lines of one arrival date. */
export interface CartGroup {
  eta_date: number;
  items: CartLine[];
}

/** Groups lines by eta_date, earliest date first, lines in the order they were added. */
export function groupCartLines(lines: readonly CartLine[]): CartGroup[] {
  const groups = new Map<number, CartLine[]>();
  for (const line of [...lines].sort((a, b) => a.added_at - b.added_at)) {
    const group = groups.get(line.eta_date) ?? [];
    group.push(line);
    groups.set(line.eta_date, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([eta_date, items]) => ({ eta_date, items }));
}
