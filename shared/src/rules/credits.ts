import type { ClaimItem } from '../schemas/claims';
import { dollarsToCents } from './statements';

/**
 * Account credit (issue 24): a credited claim puts its amount on the customer's balance, and the
 * next order takes it off its total. The balance is kept in whole cents (the `account_entries`
 * ledger); orders still carry dollars, so each amount is turned into cents once, here, and the
 * arithmetic is done on integers.
 */

/** Whole cents of a staff credit, or null when it rounds to nothing (or is not a finite amount). */
export function creditCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const cents = dollarsToCents(amount);
  return cents > 0 ? cents : null;
}

/**
 * The most staff may credit a claim, in whole cents: its claimed value, each claimed line's units
 * at the unit price charged, rounded to the cent per line as the claim's `total_claim` is.
 * Summed in integer cents, so no float error creeps in across lines.
 */
export function claimCreditCapCents(
  items: readonly Pick<ClaimItem, 'units_to_be_claimed' | 'unit_price'>[],
): number {
  return items.reduce(
    (sum, item) => sum + dollarsToCents(item.unit_price * item.units_to_be_claimed),
    0,
  );
}

/**
 * The cents of credit an order takes: all of the balance, up to the order's total; never less
 * than zero, whatever the balance or total say.
 */
export function creditToApplyCents(balanceCents: number, orderTotal: number): number {
  const totalCents = Math.max(0, dollarsToCents(orderTotal));
  return Math.max(0, Math.min(Math.floor(balanceCents), totalCents));
}

/**
 * Totals with `creditCents` of account credit taken off: `credit_applied` is the credit line
 * and `total` what is left to pay, both in dollars and exact to the cent. A credit larger than
 * the total is cut to it, so the total never goes below zero.
 */
export function withCreditApplied<T extends { total: number }>(
  totals: T,
  creditCents: number,
): T & { credit_applied: number } {
  const totalCents = Math.max(0, dollarsToCents(totals.total));
  const applied = Math.max(0, Math.min(Math.floor(creditCents), totalCents));
  return { ...totals, credit_applied: applied / 100, total: (totalCents - applied) / 100 };
}

/**
 * The cents of credit that go back to the balance when an order's credit shrinks (its rows were
 * cancelled and its total fell below the credit it had taken). Zero when nothing goes back.
 */
export function creditReturnedCents(
  before: { credit_applied?: number | undefined },
  after: { credit_applied?: number | undefined },
): number {
  return Math.max(
    0,
    dollarsToCents(before.credit_applied ?? 0) - dollarsToCents(after.credit_applied ?? 0),
  );
}
