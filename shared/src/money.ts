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

const count = new Intl.NumberFormat('en-US');

/**
 * A count with thousands commas (11,000 varieties). One formatter, made once: `toLocaleString`
 * builds one per call, which shows in a search keystroke that rewrites the result count.
 */
export function formatCount(value: number): string {
  return count.format(value);
}

/** Rounds a dollar amount to whole cents, half up, without binary drift (1.005 → 1.01, 4.015 → 4.02). */
export function roundCents(amount: number): number {
  // `amount * 100` can land just under a half cent (4.015 * 100 = 401.49999999999994); 15
  // significant digits drop that float error before rounding. Adding Number.EPSILON does not
  // for amounts of 2 and more.
  return Math.round(Number((amount * 100).toPrecision(15))) / 100;
}
