import { creditMessages, formatCents, type CheckoutReview } from '@stemline/shared';

/**
 * The buyer's account credit at checkout (a credited claim's amount): what there is, what this
 * order takes off its total, and what stays for later. The server's review decides the figures;
 * nothing shows when there is no credit.
 */
export function CheckoutCredit({ review }: { review: CheckoutReview }) {
  if (review.credit_available_cents <= 0) return null;
  const leftCents = review.credit_available_cents - review.credit_applied_cents;
  return (
    <p className="checkout__hint checkout__credit" data-testid="checkout-credit-note">
      {creditMessages.creditBalance(formatCents(review.credit_available_cents))}{' '}
      {review.credit_applied_cents > 0 &&
        creditMessages.creditTakenOff(formatCents(review.credit_applied_cents))}
      {leftCents > 0 && ` ${creditMessages.creditLeft(formatCents(leftCents))}`}
    </p>
  );
}
