import { orderLineTotal, orderTotals, type CartLine } from '@stemline/shared';

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
export function estimateTotals(lines: readonly CartLine[]): CheckoutTotals {
  const rows = lines.map((line) => ({ total: orderLineTotal(line), status: 'placed' as const }));
  return { ...orderTotals(rows, 0), discount_rate: 0 };
}
