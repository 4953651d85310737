import type { ClaimItem } from '../schemas/claims';

/**
 * Account credit (issue 24): a credited claim puts its amount on the customer's balance, and the
 * next order takes it off its total. The balance (the `account_entries` ledger), the claims and
 * the orders all count whole cents, so the arithmetic is on integers.
 */

/**
 * The most staff may credit a claim, in whole cents: its claimed value, each claimed line's units
 * at the unit price charged, as the claim's `total_claim_cents` sums them.
 */
export function claimCreditCapCents(
  items: readonly Pick<ClaimItem, 'units_to_be_claimed' | 'unit_price_cents'>[],
): number {
  return items.reduce((sum, item) => sum + item.unit_price_cents * item.units_to_be_claimed, 0);
}

/**
 * The cents of credit an order takes: all of the balance, up to the order's total; never less
 * than zero, whatever the balance or total say.
 */
export function creditToApplyCents(balanceCents: number, orderTotalCents: number): number {
  return Math.max(0, Math.min(Math.floor(balanceCents), Math.max(0, orderTotalCents)));
}

/**
 * Totals with `creditCents` of account credit taken off: `credit_applied_cents` is the credit
 * line and `total_cents` what is left to pay. A credit larger than the total is cut to it, so
 * the total never goes below zero.
 */
export function withCreditApplied<T extends { total_cents: number }>(
  totals: T,
  creditCents: number,
): T & { credit_applied_cents: number } {
  const total = Math.max(0, totals.total_cents);
  const applied = creditToApplyCents(creditCents, total);
  return { ...totals, credit_applied_cents: applied, total_cents: total - applied };
}

/**
 * The cents of credit that go back to the balance when an order's credit shrinks (its rows were
 * cancelled and its total fell below the credit it had taken). Zero when nothing goes back.
 */
export function creditReturnedCents(
  before: { credit_applied_cents?: number | undefined },
  after: { credit_applied_cents?: number | undefined },
): number {
  return Math.max(0, (before.credit_applied_cents ?? 0) - (after.credit_applied_cents ?? 0));
}
