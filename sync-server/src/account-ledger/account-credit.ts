import {
  creditMessages,
  creditReturnedCents,
  creditToApplyCents,
  withCreditApplied,
  type Order,
} from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createLedgerRepository } from './ledger-repository';

/**
 * The customer's account credit (issue 24), in whole cents on the ledger: a credited claim adds
 * to it, an order takes from it (up to its total) and gives back what a cancellation frees. Every
 * call runs inside the caller's transaction, so the order and its ledger entry commit together
 * and two checkouts at once cannot both spend the same credit: the second reads the balance the
 * first left.
 */
export function createAccountCredit(engine: SqlExecutor) {
  const ledger = createLedgerRepository(engine);
  return {
    /** The credit the customer can spend now, in cents. */
    availableCents(customerKey: string): Promise<number> {
      return ledger.balanceCents(customerKey);
    },
    /** Cents of credit an order of this total (in cents) would take now. */
    async toApplyCents(customerKey: string, totalCents: number): Promise<number> {
      return creditToApplyCents(await ledger.balanceCents(customerKey), totalCents);
    },
    /** Puts a credited claim's amount on the balance, once per claim. */
    creditClaim(
      customerKey: string,
      claim: { key: string; number: string },
      cents: number,
      at: number,
    ): Promise<boolean> {
      return ledger.creditClaim(
        customerKey,
        claim.key,
        cents,
        creditMessages.claimCreditNote(claim.number),
        at,
      );
    },
    /**
     * The order with the balance taken off its total (`credit_applied_cents`, possibly 0), and the
     * ledger entry that takes it. Call before the order is stored, in the same transaction.
     */
    async applyTo(customerKey: string, order: Order): Promise<Order> {
      const cents = creditToApplyCents(await ledger.balanceCents(customerKey), order.total_cents);
      if (cents > 0)
        await ledger.applyToOrder(
          customerKey,
          order.key,
          cents,
          creditMessages.appliedNote(order.number),
          order.created_at,
        );
      return withCreditApplied(order, cents);
    },
    /** Gives back the credit an order no longer takes (its rows were cancelled). */
    async giveBack(
      customerKey: string,
      before: Order,
      after: Order,
      seq: number,
      at: number,
    ): Promise<void> {
      const cents = creditReturnedCents(before, after);
      if (cents > 0)
        await ledger.returnFromOrder(
          customerKey,
          after.key,
          seq,
          cents,
          creditMessages.returnedNote(after.number),
          at,
        );
    },
  };
}
export type AccountCredit = ReturnType<typeof createAccountCredit>;
