import { MAX_BOXES_PER_PRICE_ROW, RESERVATION_MINUTES } from '../constants';
import { stemlineMessages } from '../messages';
import type { ActualAddress } from '../schemas/address';
import type { CartLine } from '../schemas/cart';
import { cartLineKey } from '../schemas/cart';
import type { Grower, Offer, Variety } from '../schemas/catalog';
import type { RejectionCode } from '../schemas/sync';
import { unitsPerBox } from './pricing';

export type AddToCartDecision =
  | { kind: 'applied'; boxes: number; message: string | null }
  | { kind: 'rejected'; code: RejectionCode; message: string };

/**
 * How many of the requested boxes of one price row a cart may take: never more than the stock
 * holds (whole boxes), never more than 30 in the cart. A partial grant says how many were left;
 * no grant is a rejection with its reason, and a request that is not a whole number of at least
 * one box is rejected as an invalid quantity. The server runs this inside the stock transaction;
 * the client runs it on its cached figures for the optimistic line.
 */
export function decideAddToCart(input: {
  requestedBoxes: number;
  availableUnits: number;
  unitsPerBox: number;
  boxesInCart: number;
}): AddToCartDecision {
  if (!Number.isInteger(input.requestedBoxes) || input.requestedBoxes < 1) {
    return {
      kind: 'rejected',
      code: 'invalid_quantity',
      message: 'Please choose at least one box.',
    };
  }
  const room = MAX_BOXES_PER_PRICE_ROW - input.boxesInCart;
  if (room <= 0) {
    return {
      kind: 'rejected',
      code: 'box_limit',
      message: stemlineMessages.boxLimit(MAX_BOXES_PER_PRICE_ROW),
    };
  }
  const inStock = Math.floor(input.availableUnits / input.unitsPerBox);
  if (inStock <= 0) {
    return { kind: 'rejected', code: 'sold_out', message: stemlineMessages.soldOut };
  }
  const boxes = Math.min(input.requestedBoxes, room, inStock);
  if (boxes === input.requestedBoxes) return { kind: 'applied', boxes, message: null };
  const message =
    inStock < room
      ? stemlineMessages.onlyBoxesLeft(inStock)
      : stemlineMessages.boxLimit(MAX_BOXES_PER_PRICE_ROW);
  return { kind: 'applied', boxes, message };
}

/**
 * Boxes of one option — a price row for one delivery date — the cart already holds, over all its
 * lines. The cart keeps one line per delivery address, but the 30-box cap (spec §9 "Boxes per
 * option: max 30", §5 boxes offered per price row capped at 30) is about the row and the day the
 * buyer picks in the catalogue, where the address plays no part: sending some boxes elsewhere
 * does not make the row offer more.
 */
export function boxesOfOption(
  lines: Iterable<Pick<CartLine, 'inventory_key' | 'eta_date' | 'boxes'>>,
  inventoryKey: number,
  etaDate: number,
): number {
  let boxes = 0;
  for (const line of lines)
    if (line.inventory_key === inventoryKey && line.eta_date === etaDate) boxes += line.boxes;
  return boxes;
}

/**
 * The cart line after granting `boxes` of `offer` for `etaDate`: a new line, or the existing one
 * with more boxes. A new open-market line is reserved for 30 minutes from `nowMs`, and so is any
 * line of a buyer whose every line is held (`holdsEveryLine`); adding to an existing line keeps
 * its hold as it was (`heldUntil`).
 */
export function addBoxesToLine(params: {
  existing: CartLine | undefined;
  offer: Offer;
  variety: Variety;
  grower: Grower;
  etaDate: number;
  boxes: number;
  nowMs: number;
  /** Where the boxes ship to; absent for a line that ships to the address chosen at checkout. */
  shipTo?: ActualAddress | null;
  /** The buyer's regular lines are held too (`holdsEveryLine`). */
  holdEveryLine?: boolean;
}): CartLine {
  const { existing, offer, variety, grower, etaDate, boxes, nowMs, shipTo } = params;
  const held = offer.open_market || params.holdEveryLine === true;
  return {
    key: cartLineKey(offer.inventory_key, etaDate, shipTo?._KEY),
    inventory_key: offer.inventory_key,
    variety_key: variety.key,
    variety_name: variety.name,
    color_code: variety.color_code,
    grower_key: grower.key,
    grower_name: grower.grower_name,
    country_iso: grower.country_iso,
    length: offer.length,
    eta_date: etaDate,
    boxes: (existing?.boxes ?? 0) + boxes,
    uom: offer.uom,
    stems_per_bunch: offer.stems_per_bunch,
    bunches_in_box: offer.bunches_in_box,
    price_at_add_cents: existing?.price_at_add_cents ?? offer.stem_price_cents,
    stem_price_cents: offer.stem_price_cents,
    open_market: offer.open_market,
    reserved_until: held ? heldUntil(existing, nowMs) : null,
    added_at: existing?.added_at ?? nowMs,
    updated_at: nowMs,
    ...(shipTo ? { ship_to: shipTo } : {}),
  };
}

/**
 * When a held line's hold ends after an edit at `nowMs`. Spec §4: open-market boxes are held 30
 * minutes and then go back on sale (as is every line of an unconfirmed guest, `holdsEveryLine`).
 * The hold starts when the line is created and no ordinary edit (more boxes, fewer boxes, the
 * same row added again) moves it forward, or a buyer could keep the stock off the market for
 * ever by adding and removing a box every half hour. The
 * one sanctioned extension is checkout's `extend_expiration_boxes` (`extendedHold`), once per
 * line. A hold that has already ended stays ended: the sweeper releases the whole line.
 */
export function heldUntil(
  existing: Pick<CartLine, 'reserved_until'> | undefined,
  nowMs: number,
): number {
  return existing?.reserved_until ?? nowMs + RESERVATION_MINUTES * 60_000;
}

/**
 * Whether every line a buyer adds or grows is held 30 minutes, regular rows too, and released
 * by the reservation sweeper when the hold ends: a guest whose email is not confirmed yet, and
 * whatever a session made from an email alone adds (`emailOnlySession`, from its token), also to
 * an account whose email is confirmed. Anyone can type an email and solve a captcha, so neither
 * may keep stock off sale for ever. Confirming the email (or the upgrade to a full account)
 * clears the regular lines' holds; open-market lines keep theirs.
 */
export function holdsEveryLine(buyer: {
  guest: boolean;
  emailVerified: boolean;
  emailOnlySession?: boolean;
}): boolean {
  return buyer.emailOnlySession === true || (buyer.guest && !buyer.emailVerified);
}

/** Units one grant takes out of stock. */
export function unitsForBoxes(
  offer: Pick<Offer, 'uom' | 'stems_per_bunch' | 'bunches_in_box'>,
  boxes: number,
): number {
  return boxes * unitsPerBox(offer);
}
