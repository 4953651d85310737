import {
  creditMessages,
  creditReturnedCents,
  creditToApplyCents,
  withCreditApplied,
  type Order,
} from '@stemline/shared';
import type { Db } from '../db/database';
import { createLedgerRepository } from './ledger-repository';

/**
 * The customer's account credit (issue 24), in whole cents on the ledger: a credited claim adds
 * to it, an order takes from it (up to its total) and gives back what a cancellation frees. Every
 * call runs inside the caller's transaction, so the order and its ledger entry commit together
 * and two checkouts at once cannot both spend the same credit: the second reads the balance the
 * first left.
 */
export function createAccountCredit(db: Db) {
  const ledger = createLedgerRepository(db);
  return {
    /** The credit the customer can spend now, in dollars. */
    available(customerKey: string): number {
      return ledger.balanceCents(customerKey) / 100;
    },
    /** Cents of credit an order of this total would take now. */
    toApplyCents(customerKey: string, total: number): number {
      return creditToApplyCents(ledger.balanceCents(customerKey), total);
    },
    /** Puts a credited claim's amount on the balance, once per claim. */
    creditClaim(
      customerKey: string,
      claim: { key: string; number: string },
      cents: number,
      at: number,
    ) {
      return ledger.creditClaim(
        customerKey,
        claim.key,
        cents,
        creditMessages.claimCreditNote(claim.number),
        at,
      );
    },
    /**
     * The order with the balance taken off its total (`credit_applied`, possibly 0), and the
     * ledger entry that takes it. Call before the order is stored, in the same transaction.
     */
    applyTo(customerKey: string, order: Order): Order {
      const cents = creditToApplyCents(ledger.balanceCents(customerKey), order.total);
      if (cents > 0)
        ledger.applyToOrder(
          customerKey,
          order.key,
          cents,
          creditMessages.appliedNote(order.number),
          order.created_at,
        );
      return withCreditApplied(order, cents);
    },
    /** Gives back the credit an order no longer takes (its rows were cancelled). */
    giveBack(customerKey: string, before: Order, after: Order, seq: number, at: number): void {
      const cents = creditReturnedCents(before, after);
      if (cents > 0)
        ledger.returnFromOrder(
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
