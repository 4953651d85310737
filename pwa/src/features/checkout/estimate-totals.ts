import {
  customBoxTotal,
  orderLineTotal,
  orderTotals,
  withCreditApplied,
  type CartLine,
  type CustomBox,
} from '@stemline/shared';

export interface CheckoutTotals {
  subtotal: number;
  discount_rate: number;
  discount: number;
  /** Account credit taken off `total` (dollars). */
  credit_applied: number;
  total: number;
}

/**
 * Totals from the cart's own prices, for when the server cannot be asked (offline). The referral
 * discount is left to the server, which alone knows whether this is a first order. The last
 * known account credit (`knownCreditCents`) is taken off by the server's own rule
 * (`withCreditApplied`: all of it, up to the total, exact to the cent).
 */
export function estimateTotals(
  lines: readonly CartLine[],
  boxes: readonly CustomBox[] = [],
  knownCreditCents = 0,
): CheckoutTotals {
  const rows = [
    ...lines.map((line) => ({ total: orderLineTotal(line), status: 'placed' as const })),
    // Only closed boxes are ordered.
    ...boxes
      .filter((box) => box.closed)
      .map((box) => ({ total: customBoxTotal(box), status: 'placed' as const })),
  ];
  return withCreditApplied({ ...orderTotals(rows, 0), discount_rate: 0 }, knownCreditCents);
}
