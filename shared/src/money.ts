const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Spec §5: prices show 2 decimals with thousands commas, in USD. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** Rounds a dollar amount to whole cents without binary drift (1.005 → 1.01). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}
