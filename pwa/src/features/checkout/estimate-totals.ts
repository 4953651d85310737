import {
  customBoxTotal,
  orderLineTotal,
  orderTotals,
  type CartLine,
  type CustomBox,
} from '@stemline/shared';

export interface CheckoutTotals {
  subtotal: number;
  discount_rate: number;
  discount: number;
  total: number;
}

/**
 * Totals from the cart's own prices, for when the server cannot be asked (offline). The referral
 * discount is left to the server, which alone knows whether this is a first order.
 */
export function estimateTotals(
  lines: readonly CartLine[],
  boxes: readonly CustomBox[] = [],
): CheckoutTotals {
  const rows = [
    ...lines.map((line) => ({ total: orderLineTotal(line), status: 'placed' as const })),
    // Only closed boxes are ordered.
    ...boxes
      .filter((box) => box.closed)
      .map((box) => ({ total: customBoxTotal(box), status: 'placed' as const })),
  ];
  return { ...orderTotals(rows, 0), discount_rate: 0 };
}
