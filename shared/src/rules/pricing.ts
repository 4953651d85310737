import { MILLS_PER_CENT, wholeCents } from '../money';
import type { CatalogSnapshot, Offer, PriceComponents, Unit } from '../schemas/catalog';

/** Units (stems, or bunches when the unit is bunch) in one box of a price row. */
export function unitsPerBox(row: {
  uom: Unit;
  stems_per_bunch: number;
  bunches_in_box: number;
}): number {
  return row.uom === 'bunch' ? row.bunches_in_box : row.bunches_in_box * row.stems_per_bunch;
}

/**
 * The landed price of one unit in whole cents, the one formula both sides use:
 *
 *   unit = (grower_price × (1 + import_duties_tax) + (freight_cost + box_charge) ÷ units per box)
 *          × (1 + margin_discount)
 *
 * The parts are whole mills and the two ratios are exact inputs; the result is rounded once, half
 * up, to a whole cent (the one rounding of a price: totals multiply and add whole cents). Duties
 * are ad valorem on the farm price; freight and the box charge are per box and spread over its
 * units; the margin (negative for a discount) applies last.
 */
export function stemPriceCents(
  price: PriceComponents,
  row: { uom: Unit; stems_per_bunch: number; bunches_in_box: number },
): number {
  const perUnitBoxMills = (price.freight_cost_mills + price.box_charge_mills) / unitsPerBox(row);
  const landedMills = price.grower_price_mills * (1 + price.import_duties_tax) + perUnitBoxMills;
  return wholeCents((landedMills * (1 + price.margin_discount)) / MILLS_PER_CENT);
}

/** Price of one full box at a unit price, in whole cents: the unit price × units per box. */
export function boxPriceCents(
  unitCents: number,
  row: { uom: Unit; stems_per_bunch: number; bunches_in_box: number },
): number {
  return unitCents * unitsPerBox(row);
}

/**
 * Every price field of a price row, as a visitor gets it: its components and the stem price, 0.
 * Written out rather than read from the schema, which would bring zod's schemas of the whole
 * catalogue into every first screen (issue 28); the type requires each field exactly once.
 */
const NO_PRICES: Pick<Offer, keyof PriceComponents | 'stem_price_cents'> = {
  grower_price_mills: 0,
  import_duties_tax: 0,
  freight_cost_mills: 0,
  box_charge_mills: 0,
  margin_discount: 0,
  stem_price_cents: 0,
};

/**
 * A catalogue as a visitor sees it (spec §3: 'Log in to see prices'): every price field of every
 * offer 0 and `pricesHidden` set; stock and the rest stay. The server answers visitors with it,
 * and the app shows a device's stored copy with it once nobody is signed in.
 */
export function withPricesHidden(snapshot: CatalogSnapshot): CatalogSnapshot {
  return {
    ...snapshot,
    pricesHidden: true,
    offers: snapshot.offers.map((offer) => ({ ...offer, ...NO_PRICES })),
  };
}
