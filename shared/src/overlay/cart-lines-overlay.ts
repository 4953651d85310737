import { addBoxesToLine, boxesOfOption, decideAddToCart } from '../rules/add-to-cart';
import { unitsPerBox } from '../rules/pricing';
import { cartLineKey, type AddToCartArgs, type CartLine } from '../schemas/cart';
import type { ActualAddress } from '../schemas/address';
import type { BoxChangesArgs, DeleteBoxesArgs } from '../schemas/cart-edits';
import type { Grower, Offer, Variety } from '../schemas/catalog';
import type { OverlayEntry } from './queued-mutation';

/** What the screen needs to draw a queued add-to-cart before the server has answered. */
export interface AddToCartPreview {
  offer: Offer;
  variety: Variety;
  grower: Grower;
  /** The address named by the args' `address` key, drawn on the line until the server's comes. */
  shipTo?: ActualAddress | null;
}

/** A cart line on screen: the server's, or the server's with queued boxes on top. */
export interface VisibleCartLine extends CartLine {
  /** Boxes added on this device that the server has not confirmed yet. */
  pendingBoxes: number;
  /** A queued change of the box count is waiting for the server. */
  pendingChange?: boolean;
}

/** The cart while the overlay applies queued mutations to it. */
export interface CartLinesOverlay {
  lines: Map<string, VisibleCartLine>;
  /** The `seq` each pulled line was written at. */
  lineSeq: ReadonlyMap<string, number>;
  /** Units of each price row the queued adds before this one took. */
  taken: Map<number, number>;
}

/** The overlay's starting point: the pulled lines. */
export function cartLinesOverlay(
  serverLines: readonly (CartLine & { seq?: number })[],
): CartLinesOverlay {
  return {
    lines: new Map(
      serverLines.map(({ seq: _seq, ...line }) => [line.key, { ...line, pendingBoxes: 0 }]),
    ),
    lineSeq: new Map(serverLines.map((line) => [line.key, line.seq ?? 0])),
    taken: new Map(),
  };
}

/**
 * A queued add, decided by the rule the server runs against the stock the device last saw. An
 * applied add is already in the pulled line once that line was written at (or after) its seq:
 * a pull writes the lines before it moves the checkpoint, and the screen sees both writes.
 */
export function applyAddToCart(
  cart: CartLinesOverlay,
  args: AddToCartArgs,
  entry: OverlayEntry,
): void {
  if (entry.status === 'applied' && args.inventory_key !== undefined) {
    const seq = cart.lineSeq.get(cartLineKey(args.inventory_key, args.eta_date, args.address)) ?? 0;
    if (seq >= (entry.appliedSeq ?? Infinity)) return;
  }
  if (!entry.preview) return;
  // The preview was typed when it was queued (`MutationPreviews`); only the outbox stores it loosely.
  const { offer, variety, grower, shipTo } = entry.preview as unknown as AddToCartPreview;
  const key = cartLineKey(offer.inventory_key, args.eta_date, args.address);
  const existing = cart.lines.get(key);
  const alreadyTaken = cart.taken.get(offer.inventory_key) ?? 0;
  const decision = decideAddToCart({
    requestedBoxes: args.quantity,
    availableUnits: offer.available - alreadyTaken,
    unitsPerBox: unitsPerBox(offer),
    boxesInCart: boxesOfOption(cart.lines.values(), offer.inventory_key, args.eta_date),
  });
  if (decision.kind === 'rejected') return;
  cart.taken.set(offer.inventory_key, alreadyTaken + decision.boxes * unitsPerBox(offer));
  const line = addBoxesToLine({
    existing,
    offer,
    variety,
    grower,
    etaDate: args.eta_date,
    boxes: decision.boxes,
    nowMs: entry.createdAt,
    shipTo: args.address && shipTo?._KEY === args.address ? shipTo : null,
  });
  cart.lines.set(key, {
    ...line,
    reserved_until: existing?.reserved_until ?? null,
    pendingBoxes: (existing?.pendingBoxes ?? 0) + decision.boxes,
  });
}

/**
 * A queued box change shows the count the buyer chose; the device has no fresh stock figure for
 * an increase, so the server's answer (possibly fewer boxes) replaces it once synced.
 */
export function applyBoxChangesToCart(cart: CartLinesOverlay, args: BoxChangesArgs): void {
  for (const { key, boxes } of args.changes) {
    const line = cart.lines.get(key);
    if (!line) continue;
    if (boxes === 0) cart.lines.delete(key);
    else
      cart.lines.set(key, {
        ...line,
        boxes,
        pendingBoxes: line.pendingBoxes + Math.max(0, boxes - line.boxes),
        pendingChange: true,
      });
  }
}

export function applyDeletesToCart(cart: CartLinesOverlay, args: DeleteBoxesArgs): void {
  for (const key of args.keys) cart.lines.delete(key);
}
