import { MAX_BOXES_PER_PRICE_ROW } from '../constants';
import type { Unit } from '../schemas/catalog';
import { unitsPerBox } from './pricing';

/**
 * Spec §5: boxes offered per price row = available stock ÷ bunches per box (× stems per bunch
 * unless the unit is bunch), whole boxes only, capped at 30.
 */
export function boxesOffered(row: {
  available: number;
  uom: Unit;
  stems_per_bunch: number;
  bunches_in_box: number;
}): number {
  return Math.max(
    0,
    Math.min(MAX_BOXES_PER_PRICE_ROW, Math.floor(row.available / unitsPerBox(row))),
  );
}
