import {
  decideCheckoutBox,
  decideCheckoutLine,
  type CartLine,
  type CheckoutBoxDecision,
  type CheckoutLineDecision,
  type CustomBox,
  type Offer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import {
  areaRefusalReason,
  createDeliverableDates,
  type DeliveryAddress,
} from '../cart/deliverable-date';

export interface CheckedLine {
  line: CartLine;
  decision: CheckoutLineDecision;
}

export interface CheckedBox {
  box: CustomBox;
  decision: CheckoutBoxDecision;
}

/**
 * What checkout does with each cart line and closed custom box, the one decision behind the
 * review and `placeOrder`: the shared rules (`decideCheckoutLine`, `decideCheckoutBox`: the
 * offer, the date, the no-delivery holidays, the hold), then the delivery area of where it ships
 * (cart/deliverable-date.ts `areaCheck`). A line ships to its own address, else the `selected`
 * one; a custom box to the selected one. Boxes for an address Stemline does not deliver to, or
 * not on that weekday (its zip stopped being served since, or the buyer chose another address),
 * are removed with the zip or the weekday as the reason, as a day that closed is.
 */
export function createCheckoutDecisions(app: Pick<AppContext, 'repos' | 'now'>) {
  const deliverable = createDeliverableDates(app);

  return async function decide(
    customerKey: string,
    params: {
      lines: readonly CartLine[];
      closedBoxes: readonly CustomBox[];
      offerOf: (inventoryKey: number) => Offer | undefined;
      selected: DeliveryAddress | undefined;
      nowMs: number;
    },
  ): Promise<{ lines: CheckedLine[]; boxes: CheckedBox[] }> {
    const { lines, closedBoxes, offerOf, selected, nowMs } = params;
    const closedDays = await deliverable.closedDays([
      ...lines.map((line) => line.eta_date),
      ...closedBoxes.map((box) => box.eta_date),
    ]);
    const areaOf = deliverable.areaCheck(customerKey);
    /** Why nothing can go to `address` on `etaDate`, or null; no address is placeOrder's to refuse. */
    const outside = async (address: DeliveryAddress | undefined, etaDate: number) => {
      const refused = address ? await areaOf(address, etaDate) : null;
      return refused ? areaRefusalReason(refused) : null;
    };

    const checkedLines: CheckedLine[] = [];
    for (const line of lines) {
      const decision = decideCheckoutLine(line, offerOf(line.inventory_key), nowMs, closedDays);
      const reason =
        decision.kind === 'order' ? await outside(line.ship_to ?? selected, line.eta_date) : null;
      checkedLines.push({
        line,
        decision: reason ? { kind: 'remove', reason, deleted: 'unavailable' } : decision,
      });
    }
    const checkedBoxes: CheckedBox[] = [];
    for (const box of closedBoxes) {
      const decision = decideCheckoutBox(box, offerOf, nowMs, closedDays);
      const reason = decision.kind === 'order' ? await outside(selected, box.eta_date) : null;
      checkedBoxes.push({ box, decision: reason ? { kind: 'remove', reason } : decision });
    }
    return { lines: checkedLines, boxes: checkedBoxes };
  };
}
