import type { Unit } from '../schemas/catalog';
import type { Order } from '../schemas/orders';
import { boxCopies, unitsPerBunch } from './custom-box';
import { lineRowId, type JourneyRow } from './order-life';
import { unitsPerBox } from './pricing';

/**
 * One row of an order a claim can name: an order line, or one price row's bunches in an ordered
 * custom box (a "bunch line"). Both are claimed alike, by `line_no`.
 */
export interface ClaimRow {
  line_no: number;
  /** The ordered custom box the bunch line is in; null for an order line. */
  box_key: string | null;
  variety_key: string;
  variety_name: string;
  grower_name: string;
  length: number;
  uom: Unit;
  eta_date: number;
  /** The unit price charged, in whole cents. */
  stem_price_cents: number;
  /** Stems, or bunches when the row is sold by the bunch. */
  units_delivered: number;
  /** What the row's journey is read from: the line itself, or the box it travels in. */
  journey: JourneyRow;
  /** The id its journey and tracking number use. */
  row_id: string;
}

/**
 * Every claimable row of an order: its lines, then its custom boxes' bunch lines numbered on from
 * the highest line number, box by box and item by item as the order stores them. An order never
 * gains or reorders rows once placed (cancelling only changes a status), so the numbers are the
 * same on every device and every call.
 */
export function claimRows(order: Order): ClaimRow[] {
  const rows: ClaimRow[] = order.lines.map((line) => ({
    line_no: line.line_no,
    box_key: null,
    variety_key: line.variety_key,
    variety_name: line.variety_name,
    grower_name: line.grower_name,
    length: line.length,
    uom: line.uom,
    eta_date: line.eta_date,
    stem_price_cents: line.stem_price_cents,
    units_delivered: line.boxes * unitsPerBox(line),
    journey: line,
    row_id: lineRowId(line.line_no),
  }));
  let next = Math.max(0, ...order.lines.map((line) => line.line_no));
  for (const box of order.custom_boxes) {
    for (const item of box.items) {
      next += 1;
      rows.push({
        line_no: next,
        box_key: box.box_key,
        variety_key: item.variety_key,
        variety_name: item.variety_name,
        grower_name: box.grower_name,
        length: item.length,
        uom: item.uom,
        eta_date: box.eta_date,
        stem_price_cents: item.stem_price_cents,
        // A box ordered several times delivered the row's bunches in every one of them.
        units_delivered: item.bunches * unitsPerBunch(item) * boxCopies(box),
        journey: box,
        row_id: box.box_key,
      });
    }
  }
  return rows;
}
