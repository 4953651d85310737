import { useEffect, useState } from 'react';
import { checkoutReviewSchema, type CheckoutReview } from '@stemline/shared';
import { apiRequest } from '../../api/client';

const DEBOUNCE_MS = 250;

/**
 * The server's preview of this checkout (current prices, products it would remove, totals with
 * any referral discount), fetched again whenever `cartSignature` changes. Null while offline or
 * before the first answer: the page then shows the cart's own figures as an estimate.
 */
export function useCheckoutReview(cartSignature: string, enabled: boolean): CheckoutReview | null {
  const [review, setReview] = useState<{ signature: string; data: CheckoutReview } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void apiRequest('/api/checkout/review', {
        method: 'POST',
        body: {},
        signal: controller.signal,
      }).then((answer) => {
        if (controller.signal.aborted || !answer.success) return;
        const parsed = checkoutReviewSchema.safeParse(answer.data);
        if (parsed.success) setReview({ signature: cartSignature, data: parsed.data });
      });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [cartSignature, enabled]);
  return enabled && review?.signature === cartSignature ? review.data : null;
}
