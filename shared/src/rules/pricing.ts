import { roundCents } from '../money';
import type { PriceComponents, Unit } from '../schemas/catalog';

/** Units (stems, or bunches when the unit is bunch) in one box of a price row. */
export function unitsPerBox(row: {
  uom: Unit;
  stems_per_bunch: number;
  bunches_in_box: number;
}): number {
  return row.uom === 'bunch' ? row.bunches_in_box : row.bunches_in_box * row.stems_per_bunch;
}

/**
 * The landed price of one unit, the one formula both sides use:
 *
 *   unit = (grower_price × (1 + import_duties_tax) + (freight_cost + box_charge) ÷ units per box)
 *          × (1 + margin_discount)
 *
 * rounded to cents. Duties are ad valorem on the farm price; freight and the box charge are per
 * box and spread over its units; the margin (negative for a discount) applies last.
 */
export function stemPrice(
  price: PriceComponents,
  row: { uom: Unit; stems_per_bunch: number; bunches_in_box: number },
): number {
  const perUnitBoxCosts = (price.freight_cost + price.box_charge) / unitsPerBox(row);
  const landed = price.grower_price * (1 + price.import_duties_tax) + perUnitBoxCosts;
  return roundCents(landed * (1 + price.margin_discount));
}

/** Price of one full box at a unit price, in cents-exact dollars. */
export function boxPrice(
  unitPrice: number,
  row: { uom: Unit; stems_per_bunch: number; bunches_in_box: number },
): number {
  return roundCents(unitPrice * unitsPerBox(row));
}
