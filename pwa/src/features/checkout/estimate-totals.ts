import {
  customBoxCents,
  orderLineCents,
  orderTotals,
  withCreditApplied,
  type CartLine,
  type CustomBox,
  type OrderTotals,
} from '@stemline/shared';

/** Checkout's totals, in whole cents. */
export interface CheckoutTotals extends OrderTotals {
  discount_rate: number;
  /** Account credit taken off `total_cents`. */
  credit_applied_cents: number;
}

/**
 * Totals from the cart's own prices, for when the server cannot be asked (offline). The referral
 * discount is left to the server, which alone knows whether this is a first order. The last
 * known account credit (`knownCreditCents`) is taken off by the server's own rule
 * (`withCreditApplied`: all of it, up to the total).
 */
export function estimateTotals(
  lines: readonly CartLine[],
  boxes: readonly CustomBox[] = [],
  knownCreditCents = 0,
): CheckoutTotals {
  const rows = [
    ...lines.map((line) => ({ total_cents: orderLineCents(line), status: 'placed' as const })),
    // Only closed boxes are ordered.
    ...boxes
      .filter((box) => box.closed)
      .map((box) => ({ total_cents: customBoxCents(box), status: 'placed' as const })),
  ];
  return withCreditApplied({ ...orderTotals(rows, 0), discount_rate: 0 }, knownCreditCents);
}
