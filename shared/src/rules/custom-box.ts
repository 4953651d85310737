import type { Unit } from '../schemas/catalog';

/**
 * Custom boxes (spec §2 custom box modal, §5): a buyer fills one box with bunches of several
 * price rows. Each bunch takes a share of the box, in percent.
 */

// (100 − 0) ÷ (100 ÷ 12) is 11.999999999999998 in floating point; this keeps whole bunches whole.
const FLOAT_SLACK = 1e-9;

/**
 * The share of a box one bunch of the row takes, in percent: the row's own `bunch_percentage`
 * when the server sends one, else an even share of its bunches in a box. 0 when unknowable.
 */
export function percentPerBunch(row: {
  bunches_in_box: number;
  bunch_percentage?: number | undefined;
}): number {
  const given = row.bunch_percentage;
  if (given !== undefined) return Number.isFinite(given) && given > 0 ? given : 0;
  return row.bunches_in_box > 0 ? 100 / row.bunches_in_box : 0;
}

/** Whole bunches of the row in stock (`available` counts bunches when the unit is bunch). */
export function bunchesInStock(row: {
  available: number;
  uom: Unit;
  stems_per_bunch: number;
}): number {
  if (!Number.isFinite(row.available) || row.available <= 0) return 0;
  if (row.uom === 'bunch') return Math.floor(row.available);
  return row.stems_per_bunch > 0 ? Math.floor(row.available / row.stems_per_bunch) : 0;
}

/**
 * Spec §5: custom-box bunch count = floor((100 − bunch percentage) ÷ percentage per bunch),
 * limited by stock. `filledPercentage` is the bunch percentage already taken in the custom box
 * (0 for a new box). Never negative; 0 when the box is full or the inputs make no sense.
 */
export function customBoxBunchCount(input: {
  filledPercentage: number;
  percentPerBunch: number;
  bunchesInStock: number;
}): number {
  const { percentPerBunch: perBunch, bunchesInStock: stock } = input;
  if (!Number.isFinite(perBunch) || perBunch <= 0 || !Number.isFinite(stock) || stock <= 0) {
    return 0;
  }
  const filled = Number.isFinite(input.filledPercentage)
    ? Math.min(100, Math.max(0, input.filledPercentage))
    : 100;
  const fits = Math.floor((100 - filled) / perBunch + FLOAT_SLACK);
  return Math.max(0, Math.min(fits, Math.floor(stock)));
}

/** What `openCustomBoxFor` reads of a custom box. */
export interface CustomBoxFill {
  grower_key: string;
  eta_date: number;
  closed: boolean;
  fill_percent: number;
  updated_at: number;
}

/**
 * The buyer's open custom box that further bunches of a grower's rows on a delivery date go into:
 * among the boxes of that grower and date that are not closed and still have room (fill below
 * 100%), the one changed last. Undefined when there is none, so the next bunches start a new box.
 * A box with a nonsensical fill (NaN, infinite) counts as full.
 */
export function openCustomBoxFor<Box extends CustomBoxFill>(
  boxes: readonly Box[],
  growerKey: string,
  etaDate: number,
): Box | undefined {
  let found: Box | undefined;
  for (const box of boxes) {
    if (box.closed || box.grower_key !== growerKey || box.eta_date !== etaDate) continue;
    if (!Number.isFinite(box.fill_percent) || box.fill_percent >= 100) continue;
    if (!found || box.updated_at > found.updated_at) found = box;
  }
  return found;
}

/** A box's fill to hundredths of a percent, half up; 15 significant digits drop a sum's drift. */
export function roundFillPercent(percent: number): number {
  return Math.round(Number((percent * 100).toPrecision(15))) / 100;
}

/** Units of stock one bunch of a row takes: its stems, or one when the row is sold by the bunch. */
export function unitsPerBunch(row: { uom: Unit; stems_per_bunch: number }): number {
  return row.uom === 'bunch' ? 1 : row.stems_per_bunch;
}

/**
 * How many identical boxes of its content a custom box stands for (spec §3 `number_boxes`). A
 * box ordered before the count existed, or packed by a standing order, has none: it is one.
 */
export function boxCopies(box: { number_boxes?: number | undefined }): number {
  return box.number_boxes ?? 1;
}

/**
 * The price of a custom box, in whole cents: each row's unit price × its units (stems or
 * bunches), exactly, times the boxes of that content (`boxCopies`).
 */
export function customBoxCents(box: {
  items: readonly {
    stem_price_cents: number;
    bunches: number;
    uom: Unit;
    stems_per_bunch: number;
  }[];
  number_boxes?: number | undefined;
}): number {
  const oneBox = box.items.reduce(
    (sum, item) => sum + item.stem_price_cents * item.bunches * unitsPerBunch(item),
    0,
  );
  return oneBox * boxCopies(box);
}
