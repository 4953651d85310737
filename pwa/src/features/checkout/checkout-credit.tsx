import { creditMessages, dollarsToCents, formatUsd, type CheckoutReview } from '@stemline/shared';

/**
 * The buyer's account credit at checkout (a credited claim's amount): what there is, what this
 * order takes off its total, and what stays for later. The server's review decides the figures;
 * nothing shows when there is no credit.
 */
export function CheckoutCredit({ review }: { review: CheckoutReview }) {
  if (review.credit_available <= 0) return null;
  const left =
    (dollarsToCents(review.credit_available) - dollarsToCents(review.credit_applied)) / 100;
  return (
    <p className="checkout__hint checkout__credit" data-testid="checkout-credit-note">
      {creditMessages.creditBalance(formatUsd(review.credit_available))}{' '}
      {review.credit_applied > 0 && creditMessages.creditTakenOff(formatUsd(review.credit_applied))}
      {left > 0 && ` ${creditMessages.creditLeft(formatUsd(left))}`}
    </p>
  );
}
