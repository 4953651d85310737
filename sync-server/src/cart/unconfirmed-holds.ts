import { holdsEveryLine } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerLockKey, lockKey } from '../db/key-lock';

/**
 * The holds of a guest whose email is not confirmed yet (shared `holdsEveryLine`): its regular
 * lines are held 30 minutes like open-market ones, so a cart anyone could open with any email
 * keeps no stock off sale for ever, and confirming the email lifts the regular lines' holds.
 */
export function createUnconfirmedHolds(app: AppContext) {
  const { cart, customers } = app.repos;
  return {
    /** Whether the customer's lines added or grown now are held, regular rows too. */
    async holdsEveryLine(customerKey: string): Promise<boolean> {
      const customer = await customers.get(customerKey);
      return (
        customer !== undefined &&
        holdsEveryLine({ guest: customer.guest, emailVerified: customer.email_verified })
      );
    },

    /**
     * Clears the hold of every regular line of the customer (its email is now confirmed): they
     * stay in the cart as a verified buyer's do. Open-market lines keep their 30 minutes. Call
     * inside the transaction that confirms the email, after it; answers how many lines changed.
     */
    async clearRegularHolds(customerKey: string): Promise<number> {
      // Under the cart's lock, as every cart writer and the sweeper change lines.
      await lockKey(app.engine, customerLockKey(customerKey));
      let cleared = 0;
      for (const line of await cart.lines(customerKey)) {
        if (line.open_market || line.reserved_until === null) continue;
        await cart.saveLine(
          customerKey,
          { ...line, reserved_until: null },
          await app.changes.next(),
        );
        cleared += 1;
      }
      return cleared;
    },
  };
}
export type UnconfirmedHolds = ReturnType<typeof createUnconfirmedHolds>;
