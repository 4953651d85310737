import { checkoutMessages, extendedHold, type CartLine } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerLockKey, lockKey } from '../db/key-lock';
import { applied, type Outcome } from '../kernel/outcome';

/**
 * The `extend_expiration_boxes` rule (see `extendedHold` in shared rules/checkout): every
 * open-market hold of the caller that is still running restarts at 30 minutes from now, once
 * per line per time it was added. Holds that ended are left to the sweeper. Applied even when
 * nothing needed extending (the answer then says 0 lines). Call inside a transaction: it takes
 * the customer's lock (db/key-lock.ts) before reading the cart, as every cart writer does, so an
 * add on another node is never overwritten by a line read before it.
 */
export function createExtendHolds(app: AppContext) {
  const { cart, holdExtensions } = app.repos;

  return async function extendHolds(customerKey: string): Promise<Outcome<CartLine[]>> {
    await lockKey(app.engine, customerLockKey(customerKey));
    const nowMs = app.now();
    const extended: CartLine[] = [];
    for (const line of await cart.lines(customerKey)) {
      const already = await holdExtensions.wasExtended(customerKey, line.key, line.added_at);
      const reservedUntil = extendedHold(line, nowMs, already);
      if (reservedUntil === null) continue;
      const updated: CartLine = { ...line, reserved_until: reservedUntil };
      await cart.saveLine(customerKey, updated, await app.changes.next());
      await holdExtensions.record(customerKey, line.key, line.added_at, nowMs);
      extended.push(updated);
    }
    return extended.length > 0
      ? applied(extended, ['cart_lines'], checkoutMessages.holdsExtended(extended.length))
      : applied(extended, []);
  };
}
