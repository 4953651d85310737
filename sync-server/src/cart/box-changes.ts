import {
  boxesOfOption,
  decideBoxChange,
  heldUntil,
  lineNotInCart,
  stemlineMessages,
  unitsForBoxes,
  unitsPerBox,
  type BoxChangeResult,
  type BoxChangesArgs,
  type DeleteBoxesArgs,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerLockKey, lockKey } from '../db/key-lock';
import { createCustomBoxes } from './custom-boxes';
import { createDeliverableDates } from './deliverable-date';
import { createUnconfirmedHolds } from './unconfirmed-holds';

/**
 * Changing and removing cart lines: the one set of functions behind `execute_box_changes`,
 * `validate_box_changes` and `delete_boxes`, as REST calls and as queued mutations. Call inside a
 * transaction. More boxes take stock only if it remains; fewer boxes and removals return it.
 */
export function createBoxChanges(app: AppContext) {
  const { catalog, cart } = app.repos;
  const customBoxes = createCustomBoxes(app);
  const deliverable = createDeliverableDates(app);
  const unconfirmed = createUnconfirmedHolds(app);

  /** Decides one change against current stock without writing anything. */
  async function validateOne(
    customerKey: string,
    key: string,
    boxes: number,
  ): Promise<BoxChangeResult> {
    const lines = await cart.lines(customerKey);
    const line = lines.find((candidate) => candidate.key === key);
    const offer = line && (await catalog.offer(line.inventory_key));
    if (!line || !offer) return rejectedResult(key, lineNotInCart.message);
    // More boxes are a new order for that day, by the rule an add goes through: a day that
    // closed since (a no-delivery holiday, or one now past) takes no more, nor does an address
    // not delivered that day (the line's own, else the one chosen now, as an add without an
    // address ships). Fewer boxes always go through.
    if (boxes > line.boxes) {
      const refused = await deliverable.refusal(customerKey, line.eta_date, line.ship_to);
      if (refused) return rejectedResult(key, refused, line.boxes);
    }
    const decision = decideBoxChange({
      currentBoxes: line.boxes,
      boxesOnOtherLines: boxesOfOption(lines, line.inventory_key, line.eta_date) - line.boxes,
      requestedBoxes: boxes,
      availableUnits: offer.available,
      unitsPerBox: unitsPerBox(offer),
    });
    return decision.kind === 'applied'
      ? { key, status: 'applied', boxes: decision.boxes, message: decision.message }
      : rejectedResult(key, decision.message, line.boxes);
  }

  /** Decides every change against current stock without writing anything. */
  async function validate(customerKey: string, args: BoxChangesArgs): Promise<BoxChangeResult[]> {
    const results: BoxChangeResult[] = [];
    for (const { key, boxes } of args.changes)
      results.push(await validateOne(customerKey, key, boxes));
    return results;
  }

  /** Applies one change; the result says what the line holds now. */
  async function executeOne(
    customerKey: string,
    key: string,
    boxes: number,
  ): Promise<BoxChangeResult> {
    const result = await validateOne(customerKey, key, boxes);
    const line = await cart.line(customerKey, key);
    if (result.status === 'rejected' || !line) return result;
    const delta = result.boxes - line.boxes;
    if (delta === 0) return result;
    const seq = await app.changes.next();
    if (
      delta > 0 &&
      !(await catalog.takeStock(line.inventory_key, unitsForBoxes(line, delta), seq))
    ) {
      return rejectedResult(key, lineNotInCart.message, line.boxes);
    }
    if (delta < 0) await catalog.returnStock(line.inventory_key, unitsForBoxes(line, -delta), seq);
    if (result.boxes === 0) {
      await cart.deleteLine(customerKey, key, seq);
    } else {
      // The hold stays where it was (heldUntil in shared rules/add-to-cart): raising a line's
      // boxes never moves it forward, so 2 → 3 → 2 cannot renew it. A line an unconfirmed guest
      // grows is held from now if it was not (one added before its regular lines were held).
      const held = delta > 0 && (await unconfirmed.holdsEveryLine(customerKey));
      const reservedUntil = held ? heldUntil(line, app.now()) : line.reserved_until;
      await cart.saveLine(
        customerKey,
        { ...line, boxes: result.boxes, reserved_until: reservedUntil, updated_at: app.now() },
        seq,
      );
    }
    return result;
  }

  /** Applies the changes in order; each result says what the line holds now. */
  async function execute(customerKey: string, args: BoxChangesArgs): Promise<BoxChangeResult[]> {
    // Each change reads the line, then moves stock by the difference: one at a time across
    // nodes, or two removals of one line would both give its boxes back.
    await lockKey(app.engine, customerLockKey(customerKey));
    const results: BoxChangeResult[] = [];
    for (const { key, boxes } of args.changes)
      results.push(await executeOne(customerKey, key, boxes));
    return results;
  }

  /**
   * Removes cart lines and custom boxes (keys starting `cb-`) and returns their stock; keys not
   * in the cart are reported, not fatal.
   */
  async function deleteBoxes(
    customerKey: string,
    args: DeleteBoxesArgs,
  ): Promise<BoxChangeResult[]> {
    await lockKey(app.engine, customerLockKey(customerKey));
    const results: BoxChangeResult[] = [];
    for (const key of args.keys) {
      if (key.startsWith('cb-')) {
        results.push(
          (await customBoxes.remove(customerKey, key))
            ? { key, status: 'applied', boxes: 0, message: null }
            : rejectedResult(key, stemlineMessages.boxNotInCart),
        );
      } else results.push(await executeOne(customerKey, key, 0));
    }
    return results;
  }

  return { validate, execute, deleteBoxes };
}
export type BoxChanges = ReturnType<typeof createBoxChanges>;

function rejectedResult(key: string, message: string, boxes = 0): BoxChangeResult {
  return { key, status: 'rejected', boxes, message };
}
