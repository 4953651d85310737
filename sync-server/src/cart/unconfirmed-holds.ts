import { holdsEveryLine } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { actingSession } from '../auth/acting-session';
import { customerLockKey, lockKey } from '../db/key-lock';

/**
 * The holds of a guest whose email is not confirmed yet, and of what a session made from an
 * email alone adds (shared `holdsEveryLine`): such regular lines are held 30 minutes like
 * open-market ones, so a cart anyone could fill by typing an email keeps no stock off sale for
 * ever, and confirming the email lifts the regular lines' holds.
 */
export function createUnconfirmedHolds(app: AppContext) {
  const { cart, customers } = app.repos;
  return {
    /**
     * Whether the customer's lines added or grown now are held, regular rows too: judged by the
     * customer's record and by the session the call acts for (its token, auth/acting-session.ts),
     * the same for a REST call and a queued mutation.
     */
    async holdsEveryLine(customerKey: string): Promise<boolean> {
      const emailOnlySession = actingSession()?.emailOnly === true;
      // Such a session's adds are held whatever the record says: no read for it.
      const customer = emailOnlySession ? undefined : await customers.get(customerKey);
      return holdsEveryLine({
        guest: customer?.guest === true,
        emailVerified: customer?.email_verified === true,
        emailOnlySession,
      });
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
