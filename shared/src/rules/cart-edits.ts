import { stemlineMessages } from '../messages';
import type { RejectionCode } from '../schemas/sync';
import { decideAddToCart } from './add-to-cart';

export type BoxChangeDecision =
  | { kind: 'applied'; boxes: number; message: string | null }
  | { kind: 'rejected'; code: RejectionCode; message: string };

/**
 * The box count a line may move to. Fewer boxes (down to 0, which removes the line) are always
 * allowed and return their stock; more boxes follow the add-to-cart rule for the difference, so
 * the stock is never oversold and the 30-box cap holds. The cap counts the boxes of the same row
 * and date on the cart's other lines (`boxesOnOtherLines`, other delivery addresses) as well.
 */
export function decideBoxChange(input: {
  currentBoxes: number;
  /** Boxes of the same price row and delivery date on the cart's other lines (`boxesOfOption`). */
  boxesOnOtherLines: number;
  requestedBoxes: number;
  availableUnits: number;
  unitsPerBox: number;
}): BoxChangeDecision {
  const { currentBoxes, requestedBoxes } = input;
  if (requestedBoxes <= currentBoxes)
    return { kind: 'applied', boxes: requestedBoxes, message: null };
  const add = decideAddToCart({
    requestedBoxes: requestedBoxes - currentBoxes,
    availableUnits: input.availableUnits,
    unitsPerBox: input.unitsPerBox,
    boxesInCart: currentBoxes + input.boxesOnOtherLines,
  });
  if (add.kind === 'rejected') return add;
  return { kind: 'applied', boxes: currentBoxes + add.boxes, message: add.message };
}

/** The reason a change names a line the cart does not have. */
export const lineNotInCart = {
  kind: 'rejected',
  code: 'offer_not_found',
  message: stemlineMessages.lineNotInCart,
} as const satisfies BoxChangeDecision;
